/*
 * Vocabulary(text): the entries of a word list (one per line, stripped) in a hash table over the
 * text itself, so that a dictionary loads without a Python string per entry; and
 * vocabulary_lacks, how the counters look a word up in it or in any container of str.
 */
#include "vocabulary.h"

/* The largest pair table: a word list of more lines keeps its pairs among its entries only. */
#define MAX_PAIR_SLOTS (1 << 24)

/* Indexes a short entry (its bit, or its pair). 0, or -1 with an error set. */
static int
index_short(ShortEntries *shorts, int kind, const void *data, Py_ssize_t start, Py_ssize_t length)
{
    int64_t key = short_key(kind, data, start, length, shorts->pairs.capacity != 0);
    if (key >= 0 && length == 1) {
        shorts->single[key >> 5] |= 1u << (key & 31);
    }
    else if (key >= 0) {
        if (table_reserve(&shorts->pairs, shorts->pairs.count + 1) < 0) {
            return -1;
        }
        uint32_t h = hash_number((uint32_t)key);
        TableSlot *slot = table_find(&shorts->pairs, h, same_pair, NULL);
        if (slot->entry == 0) {
            table_put(&shorts->pairs, slot, h, 0);
        }
    }
    return 0;
}

/* Adds the entry text[a:b] unless it is there. 0, or -1 with an error set. */
static int
add_entry(Vocabulary *v, Py_ssize_t a, Py_ssize_t b)
{
    SliceSought sought = {v, v->kind, v->data, a, b - a};
    uint32_t h = hash_code_points(v->kind, v->data, a, b - a);
    TableSlot *slot = table_find(&v->table, h, same_entry, &sought);
    if (slot->entry != 0) {
        return 0;
    }
    VocabularyEntry entry = {a, b - a};
    if (buffer_append(&v->entries, &entry, 1) < 0) {
        return -1;
    }
    table_put(&v->table, slot, h, v->entries.length - 1);
    return index_short(v->shorts, v->kind, v->data, a, b - a);
}

/* Room for ``lines`` entries (at most one a line), and the short entries' index. */
static int
vocabulary_reserve(Vocabulary *v, Py_ssize_t lines)
{
    v->shorts = PyMem_Calloc(1, sizeof(ShortEntries));
    if (v->shorts == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    if (table_reserve(&v->table, lines) < 0) {
        return -1;
    }
    /* The pairs' table is made here and grows with the pairs (fewer than the lines) */
    return lines <= MAX_PAIR_SLOTS / 2 ? table_reserve(&v->shorts->pairs, 1) : 0;
}

/* Each line stripped of white space (str.strip(), as the Python loader) and added. */
static int
add_lines(Vocabulary *v, Py_ssize_t n)
{
    Py_ssize_t line_start = 0;
    for (Py_ssize_t i = 0; i <= n; i++) {
        if (i < n && PyUnicode_READ(v->kind, v->data, i) != '\n') {
            continue;
        }
        Py_ssize_t a = line_start, b = i;
        while (a < b && Py_UNICODE_ISSPACE(PyUnicode_READ(v->kind, v->data, a))) {
            a++;
        }
        while (b > a && Py_UNICODE_ISSPACE(PyUnicode_READ(v->kind, v->data, b - 1))) {
            b--;
        }
        if (b > a && add_entry(v, a, b) < 0) {
            return -1;
        }
        line_start = i + 1;
    }
    return 0;
}

static PyObject *
Vocabulary_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    static char *keywords[] = {"text", NULL};
    PyObject *text;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "U", keywords, &text)) {
        return NULL;
    }
    Vocabulary *v = (Vocabulary *)type->tp_alloc(type, 0);
    if (v == NULL) {
        return NULL;
    }
    v->text = Py_NewRef(text);
    v->kind = PyUnicode_KIND(text);
    v->data = PyUnicode_DATA(text);
    v->entries = (Buffer)BUFFER_OF(VocabularyEntry);
    Py_ssize_t n = PyUnicode_GET_LENGTH(text), lines = 1;
    for (Py_ssize_t i = 0; i < n; i++) {
        lines += PyUnicode_READ(v->kind, v->data, i) == '\n';
    }
    if (vocabulary_reserve(v, lines) < 0 || add_lines(v, n) < 0) {
        Py_DECREF(v);
        return NULL;
    }
    return (PyObject *)v;
}

static void
Vocabulary_dealloc(Vocabulary *v)
{
    table_free(&v->table);
    buffer_free(&v->entries);
    if (v->shorts != NULL) {
        table_free(&v->shorts->pairs);
        PyMem_Free(v->shorts);
    }
    Py_XDECREF(v->text);
    Py_TYPE(v)->tp_free((PyObject *)v);
}

static Py_ssize_t
Vocabulary_len(Vocabulary *v)
{
    return v->table.count;
}

static int
Vocabulary_contains(Vocabulary *v, PyObject *word)
{
    if (!PyUnicode_Check(word)) {
        return 0;
    }
    return vocabulary_contains_slice(v, PyUnicode_KIND(word), PyUnicode_DATA(word), 0,
                                     PyUnicode_GET_LENGTH(word));
}

static PyObject *
Vocabulary_entries(Vocabulary *v, PyObject *Py_UNUSED(ignored))
{
    PyObject *result = PyFrozenSet_New(NULL);
    for (Py_ssize_t i = 0; result != NULL && i < v->entries.length; i++) {
        const VocabularyEntry *e = buffer_at(&v->entries, i);
        PyObject *entry = PyUnicode_Substring(v->text, e->start, e->start + e->length);
        if (entry == NULL || PySet_Add(result, entry) < 0) {
            Py_CLEAR(result);
        }
        Py_XDECREF(entry);
    }
    return result;
}

int
vocabulary_lacks(PyObject *vocabulary, PyObject *text, int kind, const void *data,
                 Py_ssize_t start, Py_ssize_t end)
{
    if (vocabulary == Py_None) {
        return 0;
    }
    if (Py_IS_TYPE(vocabulary, &VocabularyType)) {
        return !vocabulary_contains_slice((Vocabulary *)vocabulary, kind, data, start,
                                          end - start);
    }
    PyObject *word = text != NULL ? PyUnicode_Substring(text, start, end)
                                  : PyUnicode_FromKindAndData(kind, (const char *)data
                                                                        + start * kind,
                                                              end - start);
    if (word == NULL) {
        return -1;
    }
    int found = PySequence_Contains(vocabulary, word);
    Py_DECREF(word);
    return found < 0 ? -1 : !found;
}

static PySequenceMethods Vocabulary_as_sequence = {
    .sq_length = (lenfunc)Vocabulary_len,
    .sq_contains = (objobjproc)Vocabulary_contains,
};

static PyMethodDef Vocabulary_methods[] = {
    {"entries", (PyCFunction)Vocabulary_entries, METH_NOARGS,
     "The entries as a frozenset of str (built on demand)."},
    {NULL, NULL, 0, NULL},
};

PyTypeObject VocabularyType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "wsscore._speedups.Vocabulary",
    .tp_basicsize = sizeof(Vocabulary),
    .tp_dealloc = (destructor)Vocabulary_dealloc,
    .tp_as_sequence = &Vocabulary_as_sequence,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Vocabulary(text): the stripped, non-empty lines of a word list, as a set.",
    .tp_methods = Vocabulary_methods,
    .tp_new = Vocabulary_new,
};
