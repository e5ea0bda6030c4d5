/*
 * WrongWordTally: how often each wrong gold word was cut each way, the distinct (class, word,
 * predicted cut) with their counts, their characters end to end in one buffer; and the two ways
 * the counting walk adds to one (tally_wrong_word, tally_merge). The reference is
 * wsscore.core.reference.WrongWordTally.
 */
#include "tally.h"

/* One distinct (class, word, predicted cut): its characters lie at text[at:], the word's then
 * the cut's. */
typedef struct {
    Py_ssize_t at;
    Py_ssize_t word_length;
    Py_ssize_t cut_length;
    long long count;
    int error;
} TallyEntry;

/* What tally_commit looks for: an entry whose characters were just written after the text's. */
typedef struct {
    const WrongWordTally *t;
    const TallyEntry *sought;
} TallySought;

static int
same_tally_entry(const void *context, Py_ssize_t entry)
{
    const TallySought *s = context;
    const TallyEntry *e = buffer_at(&s->t->entries, entry), *sought = s->sought;
    const Py_UCS4 *text = (const Py_UCS4 *)s->t->text.data;
    return e->error == sought->error && e->word_length == sought->word_length
           && e->cut_length == sought->cut_length
           && memcmp(text + e->at, text + sought->at,
                     (size_t)(e->word_length + e->cut_length) * sizeof(Py_UCS4))
                  == 0;
}

/* Count the entry whose word and cut were just written after the text's written characters
 * (room reserved with buffer_reserve): added to its entry, or kept as a new one. 0, or -1. */
static int
tally_commit(WrongWordTally *t, int error, Py_ssize_t word_length, Py_ssize_t cut_length,
             long long count)
{
    if (table_reserve(&t->table, t->table.count + 1) < 0) {
        return -1;
    }
    TallyEntry sought = {t->text.length, word_length, cut_length, count, error};
    TallySought context = {t, &sought};
    Py_ssize_t length = word_length + cut_length;
    uint32_t h = hash_code_points(PyUnicode_4BYTE_KIND, t->text.data, t->text.length, length)
                 ^ hash_number((uint32_t)word_length << 2 | (uint32_t)error);
    TableSlot *slot = table_find(&t->table, h, same_tally_entry, &context);
    if (slot->entry != 0) {
        ((TallyEntry *)buffer_at(&t->entries, slot->entry - 1))->count += count;
        return 0;
    }
    if (buffer_append(&t->entries, &sought, 1) < 0) {
        return -1;
    }
    table_put(&t->table, slot, h, t->entries.length - 1);
    t->text.length += length;
    return 0;
}

/* Room for n more characters after the text's, where the next entry is written. */
static Py_UCS4 *
tally_room(WrongWordTally *t, Py_ssize_t n)
{
    if (buffer_reserve(&t->text, n) < 0) {
        return NULL;
    }
    return (Py_UCS4 *)t->text.data + t->text.length;
}

int
tally_wrong_word(WrongWordTally *t, const Walk *w, int error, Py_ssize_t start, Py_ssize_t end,
                 Py_ssize_t pred_start)
{
    Py_ssize_t pred_end = end;
    while (pred_end + 1 < w->n && !(w->codes[pred_end] & PRED)) {
        pred_end++;
    }
    Py_ssize_t word_length = end - start + 1, cut_chars = pred_end - pred_start + 1;
    /* at most a "/" after every character of the cut */
    Py_UCS4 *text = tally_room(t, word_length + 2 * cut_chars);
    if (text == NULL) {
        return -1;
    }
    memcpy(text, w->chars + start, (size_t)word_length * sizeof(Py_UCS4));
    Py_ssize_t at = word_length;
    for (Py_ssize_t k = pred_start; k <= pred_end; k++) {
        text[at++] = w->chars[k];
        if (k < pred_end && (w->codes[k] & PRED)) {
            text[at++] = '/';
        }
    }
    return tally_commit(t, error, word_length, at - word_length, 1);
}

int
tally_merge(WrongWordTally *t, const Walk *w, Py_ssize_t pred_start, Py_ssize_t pred_end,
            Py_ssize_t first, Py_ssize_t last)
{
    Py_ssize_t word_length = pred_end - pred_start + 1, gold_chars = last - first + 1;
    Py_UCS4 *text = tally_room(t, word_length + 2 * gold_chars);
    if (text == NULL) {
        return -1;
    }
    memcpy(text, w->chars + pred_start, (size_t)word_length * sizeof(Py_UCS4));
    Py_ssize_t at = word_length;
    for (Py_ssize_t k = first; k <= last; k++) {
        text[at++] = w->chars[k];
        if (k < last && (w->codes[k] & GOLD)) {
            text[at++] = ' ';
        }
    }
    return tally_commit(t, MERGED, word_length, at - word_length, 1);
}

WrongWordTally *
tally_new(void)
{
    return (WrongWordTally *)PyObject_CallNoArgs((PyObject *)&WrongWordTallyType);
}

static PyObject *
WrongWordTally_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    static char *keywords[] = {NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, ":WrongWordTally", keywords)) {
        return NULL;
    }
    WrongWordTally *t = (WrongWordTally *)type->tp_alloc(type, 0);
    if (t != NULL) {
        t->entries = (Buffer)BUFFER_OF(TallyEntry);
        t->text = (Buffer)BUFFER_OF(Py_UCS4);
    }
    return (PyObject *)t;
}

static void
WrongWordTally_dealloc(WrongWordTally *t)
{
    table_free(&t->table);
    buffer_free(&t->entries);
    buffer_free(&t->text);
    Py_TYPE(t)->tp_free((PyObject *)t);
}

static Py_ssize_t
WrongWordTally_len(WrongWordTally *t)
{
    return t->entries.length;
}

static PyObject *
WrongWordTally_merge(WrongWordTally *t, PyObject *other)
{
    if (!Py_IS_TYPE(other, &WrongWordTallyType)) {
        PyErr_SetString(PyExc_TypeError, "merge: another WrongWordTally");
        return NULL;
    }
    WrongWordTally *o = (WrongWordTally *)other;
    if (o == t) {
        PyErr_SetString(PyExc_ValueError, "merge: a tally into itself");
        return NULL;
    }
    for (Py_ssize_t i = 0; i < o->entries.length; i++) {
        const TallyEntry *e = buffer_at(&o->entries, i);
        Py_ssize_t length = e->word_length + e->cut_length;
        Py_UCS4 *text = tally_room(t, length);
        if (text == NULL) {
            return NULL;
        }
        memcpy(text, (const Py_UCS4 *)o->text.data + e->at, (size_t)length * sizeof(Py_UCS4));
        if (tally_commit(t, e->error, e->word_length, e->cut_length, e->count) < 0) {
            return NULL;
        }
    }
    Py_RETURN_NONE;
}

/* The record (WrongWordFound) of an entry. */
static PyObject *
entry_record(const WrongWordTally *t, const TallyEntry *e)
{
    const Py_UCS4 *text = (const Py_UCS4 *)t->text.data + e->at;
    PyObject *values[WRONG_WORD_VALUES];
    values[WRONG_ERROR] = Py_NewRef(class_names[e->error]);
    values[WRONG_WORD] = PyUnicode_FromKindAndData(PyUnicode_4BYTE_KIND, text, e->word_length);
    values[WRONG_PREDICTED] =
        PyUnicode_FromKindAndData(PyUnicode_4BYTE_KIND, text + e->word_length, e->cut_length);
    return record_of(WRONG_WORD_RECORD, values);
}

static PyObject *
WrongWordTally_counts(WrongWordTally *t, PyObject *Py_UNUSED(ignored))
{
    if (!check_configured()) {
        return NULL;
    }
    PyObject *counts = PyDict_New();
    for (Py_ssize_t i = 0; counts != NULL && i < t->entries.length; i++) {
        const TallyEntry *e = buffer_at(&t->entries, i);
        PyObject *key = entry_record(t, e);
        PyObject *count = key != NULL ? PyLong_FromLongLong(e->count) : NULL;
        if (count == NULL || PyDict_SetItem(counts, key, count) < 0) {
            Py_CLEAR(counts);
        }
        Py_XDECREF(key);
        Py_XDECREF(count);
    }
    return counts;
}

/* Tallies are equal when they count the same wrong words as often (either backend's tally). */
static PyObject *
WrongWordTally_richcompare(PyObject *self, PyObject *other, int op)
{
    if ((op != Py_EQ && op != Py_NE) || !PyObject_HasAttrString(other, "counts")) {
        Py_RETURN_NOTIMPLEMENTED;
    }
    PyObject *mine = WrongWordTally_counts((WrongWordTally *)self, NULL);
    PyObject *theirs = mine != NULL ? PyObject_CallMethod(other, "counts", NULL) : NULL;
    PyObject *result = theirs != NULL ? PyObject_RichCompare(mine, theirs, op) : NULL;
    Py_XDECREF(mine);
    Py_XDECREF(theirs);
    return result;
}

static PySequenceMethods WrongWordTally_as_sequence = {
    .sq_length = (lenfunc)WrongWordTally_len,
};

static PyMethodDef WrongWordTally_methods[] = {
    {"merge", (PyCFunction)WrongWordTally_merge, METH_O,
     "merge(other): add another tally's counts to this one."},
    {"counts", (PyCFunction)WrongWordTally_counts, METH_NOARGS,
     "counts() -> {WrongWordFound: how often}: one record per distinct (class, word, cut)."},
    {NULL, NULL, 0, NULL},
};

PyTypeObject WrongWordTallyType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "wsscore._speedups.WrongWordTally",
    .tp_basicsize = sizeof(WrongWordTally),
    .tp_dealloc = (destructor)WrongWordTally_dealloc,
    .tp_as_sequence = &WrongWordTally_as_sequence,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "How often each wrong gold word was cut each way: distinct (class, word, predicted\n"
              "cut) with their counts, their characters held in one buffer.",
    .tp_richcompare = WrongWordTally_richcompare,
    .tp_hash = PyObject_HashNotImplemented,
    .tp_methods = WrongWordTally_methods,
    .tp_new = WrongWordTally_new,
};
