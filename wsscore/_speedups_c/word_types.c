/*
 * WordTypes: the distinct words of texts (docs/metrics.md §5.11), the type (lexicon) counts of
 * --extra, so that a word seen again costs a hash and a comparison, never a Python object. The
 * reference is wsscore.core.reference.WordTypes.
 *
 * A word of up to PACKED_CHARS code points (most words) is held whole in its entry, 21 bits a
 * code point, and compared there; a longer one as a slice of one buffer of code points. The set
 * is looked at for every word of the texts, between the scorer's own passes: short words found
 * lately are kept by hash in a few kilobytes, where a word met again, as most are, is found
 * without a look into the table.
 */
#include "speedups.h"

#define PACKED_CHARS 3
#define TYPES_RECENT 4096 /* a power of two */

typedef struct {
    uint64_t key;   /* the packed code points, or where the word starts in text */
    int32_t length;
} TypeEntry;

typedef struct {
    PyObject_HEAD
    Table table;
    Buffer entries; /* of TypeEntry */
    Buffer text;    /* the words longer than PACKED_CHARS, Py_UCS4 */
    uint64_t recent[TYPES_RECENT];
} WordTypes;

/* A short word whose code points are below 2**20 (all but the last plane) as one nonzero
 * number: its packed code points, with its length in the two top bits that they leave free;
 * 0 for any other word. */
static inline uint64_t
recent_key(uint64_t packed, Py_ssize_t length)
{
    const uint64_t high = (1ULL << 20) | (1ULL << 41) | (1ULL << 62);
    if (length > PACKED_CHARS || (packed & high) != 0) {
        return 0;
    }
    return packed | ((uint64_t)length << 62);
}

/* A short word's code points packed (else 0). */
static inline uint64_t
pack(int kind, const void *data, Py_ssize_t start, Py_ssize_t length)
{
    uint64_t p = 0;
    for (Py_ssize_t i = 0; i < length && length <= PACKED_CHARS; i++) {
        p |= (uint64_t)PyUnicode_READ(kind, data, start + i) << (21 * i);
    }
    return p;
}

/* What types_find looks for. */
typedef struct {
    const WordTypes *t;
    int kind;
    const void *data;
    Py_ssize_t start, length;
    uint64_t packed;
} WordSought;

static inline int
same_word(const void *context, Py_ssize_t entry)
{
    const WordSought *s = context;
    const TypeEntry *e = (const TypeEntry *)s->t->entries.data + entry;
    if (e->length != s->length) {
        return 0;
    }
    return s->length <= PACKED_CHARS ? e->key == s->packed
                                     : same_slice(PyUnicode_4BYTE_KIND, s->t->text.data,
                                                  (Py_ssize_t)e->key, s->kind, s->data, s->start,
                                                  s->length);
}

/* An entry's word, its code points into out (room for PACKED_CHARS) or where they lie. */
static const Py_UCS4 *
entry_word(const WordTypes *t, const TypeEntry *e, Py_UCS4 *out)
{
    if (e->length > PACKED_CHARS) {
        return (const Py_UCS4 *)t->text.data + e->key;
    }
    for (int32_t i = 0; i < e->length; i++) {
        out[i] = (Py_UCS4)((e->key >> (21 * i)) & 0x1FFFFF);
    }
    return out;
}

/* A new entry for the sought word, in the slot table_find gave. 0, or -1 on error. */
static int
types_put(WordTypes *t, const WordSought *s, TableSlot *slot, uint32_t h)
{
    TypeEntry entry = {s->packed, (int32_t)s->length};
    if (s->length > PACKED_CHARS) {
        if (buffer_reserve(&t->text, s->length) < 0) {
            return -1;
        }
        Py_UCS4 *chars = (Py_UCS4 *)t->text.data + t->text.length;
        for (Py_ssize_t i = 0; i < s->length; i++) {
            chars[i] = PyUnicode_READ(s->kind, s->data, s->start + i);
        }
        entry.key = (uint64_t)t->text.length;
        t->text.length += s->length;
    }
    if (buffer_append(&t->entries, &entry, 1) < 0) {
        return -1;
    }
    table_put(&t->table, slot, h, t->entries.length - 1);
    return 0;
}

/* The word data[start:start + length] added if it is new. 0, or -1 on error. */
static int
types_add_slice(WordTypes *t, int kind, const void *data, Py_ssize_t start, Py_ssize_t length)
{
    if (length > INT32_MAX) {
        PyErr_SetString(PyExc_OverflowError, "a word of more than 2**31 characters");
        return -1;
    }
    if (table_reserve(&t->table, t->table.count + 1) < 0) {
        return -1;
    }
    WordSought sought = {t, kind, data, start, length, pack(kind, data, start, length)};
    uint32_t h = hash_code_points(kind, data, start, length);
    uint64_t recent = recent_key(sought.packed, length);
    uint64_t *seen = &t->recent[h & (TYPES_RECENT - 1)];
    if (recent != 0 && *seen == recent) {
        return 0; /* in the set already */
    }
    if (recent != 0) {
        *seen = recent; /* in the set once this returns without an error */
    }
    TableSlot *slot = table_find(&t->table, h, same_word, &sought);
    return slot->entry != 0 ? 0 : types_put(t, &sought, slot, h);
}

/* Whether the set holds the word of these code points. */
static int
types_hold(const WordTypes *t, const Py_UCS4 *chars, Py_ssize_t length)
{
    WordSought sought = {t, PyUnicode_4BYTE_KIND, chars, 0, length,
                         pack(PyUnicode_4BYTE_KIND, chars, 0, length)};
    uint32_t h = hash_code_points(PyUnicode_4BYTE_KIND, chars, 0, length);
    return table_find(&t->table, h, same_word, &sought)->entry != 0;
}

static PyObject *
WordTypes_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    if (PyTuple_GET_SIZE(args) != 0 || (kwargs != NULL && PyDict_GET_SIZE(kwargs) != 0)) {
        PyErr_SetString(PyExc_TypeError, "WordTypes() takes no arguments");
        return NULL;
    }
    WordTypes *t = (WordTypes *)type->tp_alloc(type, 0);
    if (t == NULL) {
        return NULL;
    }
    t->entries = (Buffer)BUFFER_OF(TypeEntry);
    t->text = (Buffer)BUFFER_OF(Py_UCS4);
    if (table_reserve(&t->table, 512) < 0) {
        Py_CLEAR(t);
    }
    return (PyObject *)t;
}

static void
WordTypes_dealloc(WordTypes *t)
{
    table_free(&t->table);
    buffer_free(&t->entries);
    buffer_free(&t->text);
    Py_TYPE(t)->tp_free((PyObject *)t);
}

static Py_ssize_t
WordTypes_len(WordTypes *t)
{
    return t->entries.length;
}

/* add(text): every word of the text (runs of characters between separators). */
static PyObject *
WordTypes_add(WordTypes *t, PyObject *text)
{
    if (!check_configured()) {
        return NULL;
    }
    if (!PyUnicode_Check(text)) {
        PyErr_SetString(PyExc_TypeError, "add: a str");
        return NULL;
    }
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t n = PyUnicode_GET_LENGTH(text), start = -1;
    for (Py_ssize_t i = 0; i <= n; i++) {
        int separator = i == n || is_separator(PyUnicode_READ(kind, data, i));
        if (!separator) {
            if (start < 0) {
                start = i;
            }
        }
        else if (start >= 0) {
            if (types_add_slice(t, kind, data, start, i - start) < 0) {
                return NULL;
            }
            start = -1;
        }
    }
    Py_RETURN_NONE;
}

static PyObject *
WordTypes_merge(WordTypes *t, PyObject *other)
{
    if (!Py_IS_TYPE(other, &WordTypesType)) {
        PyErr_SetString(PyExc_TypeError, "merge: another WordTypes");
        return NULL;
    }
    const WordTypes *o = (const WordTypes *)other;
    if (o == t) {
        Py_RETURN_NONE; /* a set joined with itself is itself */
    }
    Py_UCS4 buffer[PACKED_CHARS];
    for (Py_ssize_t i = 0; i < o->entries.length; i++) {
        const TypeEntry *e = buffer_at(&o->entries, i);
        const Py_UCS4 *chars = entry_word(o, e, buffer);
        if (types_add_slice(t, PyUnicode_4BYTE_KIND, chars, 0, e->length) < 0) {
            return NULL;
        }
    }
    Py_RETURN_NONE;
}

/* common(other) -> how many words both hold. */
static PyObject *
WordTypes_common(WordTypes *t, PyObject *other)
{
    if (!Py_IS_TYPE(other, &WordTypesType)) {
        PyErr_SetString(PyExc_TypeError, "common: another WordTypes");
        return NULL;
    }
    const WordTypes *o = (const WordTypes *)other;
    const WordTypes *small = t->entries.length <= o->entries.length ? t : o;
    const WordTypes *large = small == t ? o : t;
    Py_ssize_t found = 0;
    Py_UCS4 buffer[PACKED_CHARS];
    for (Py_ssize_t i = 0; i < small->entries.length; i++) {
        const TypeEntry *e = buffer_at(&small->entries, i);
        found += types_hold(large, entry_word(small, e, buffer), e->length);
    }
    return PyLong_FromSsize_t(found);
}

static PyObject *
WordTypes_words(WordTypes *t, PyObject *Py_UNUSED(ignored))
{
    PyObject *result = PyFrozenSet_New(NULL);
    Py_UCS4 buffer[PACKED_CHARS];
    for (Py_ssize_t i = 0; result != NULL && i < t->entries.length; i++) {
        const TypeEntry *e = buffer_at(&t->entries, i);
        PyObject *word =
            PyUnicode_FromKindAndData(PyUnicode_4BYTE_KIND, entry_word(t, e, buffer), e->length);
        if (word == NULL || PySet_Add(result, word) < 0) {
            Py_CLEAR(result);
        }
        Py_XDECREF(word);
    }
    return result;
}

static PySequenceMethods WordTypes_as_sequence = {
    .sq_length = (lenfunc)WordTypes_len,
};

static PyMethodDef WordTypes_methods[] = {
    {"add", (PyCFunction)WordTypes_add, METH_O,
     "add(text): add the words of the text (runs of characters between separators)."},
    {"merge", (PyCFunction)WordTypes_merge, METH_O, "merge(other): add another set's words."},
    {"common", (PyCFunction)WordTypes_common, METH_O,
     "common(other) -> how many words this set and another both hold."},
    {"words", (PyCFunction)WordTypes_words, METH_NOARGS, "words() -> the words, a frozenset."},
    {NULL, NULL, 0, NULL},
};

PyTypeObject WordTypesType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "wsscore._speedups.WordTypes",
    .tp_basicsize = sizeof(WordTypes),
    .tp_dealloc = (destructor)WordTypes_dealloc,
    .tp_as_sequence = &WordTypes_as_sequence,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "WordTypes(): the distinct words of the texts added, their characters in one buffer.",
    .tp_methods = WordTypes_methods,
    .tp_new = WordTypes_new,
};
