/*
 * wsscore._speedups: the fast path of the scorer in C (optional; wsscore works without it).
 *
 * count_block(gold, pred, vocabulary) scores a block of gold lines against prediction lines
 * that hold the same characters (its words and its sentences, the lines perhaps broken
 * elsewhere), exactly as wsscore.core.reference.count_equal_text does, in
 * one pass over the two texts and without creating a Python object per word. It returns None
 * when the characters differ (the caller then aligns line by line). count_lines does the same
 * for lines one by one, up to the first pair that differs, with what the analyses need of each:
 * per-sentence records, the extra counts (--extra) or the wrong words (wsscore errors).
 *
 * chars_words(text, numbers, positions) turns the sentences of a chars file in its plainest
 * shape (a character and a label such as B, M, E, S, or one with a tag whose position it is
 * given, a line) into lines of words without a Python call per character.
 *
 * Vocabulary(text) holds the entries of a word list (one per line, stripped) in a hash table
 * over the text itself, so that a dictionary loads without a Python string per entry.
 *
 * Definitions (docs/metrics.md): words are runs of characters between separators; lines end at
 * "\n"; S, I, D are counted per sentence, a predicted word belonging to the sentence in which it
 * starts. The separators, the word-length buckets and the names of the error classes are not
 * written here: configure(...) takes them from wsscore.core.definitions (wsscore.core.backend
 * calls it at import), and the counting functions refuse to run before.
 *
 * conllu_words(text, start, max_chars) turns the plain sentences of a block of CoNLL-U text
 * into lines of their FORMs, up to the first sentence that only the line reader may read.
 *
 * The plain Python reference of every function here is wsscore/core/reference.py (of
 * conllu_words: wsscore/core/conllu_scan.py).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

/* For the few small functions of the innermost loops, compiled into each caller so that what
 * the caller knows (a text's kind) makes them simpler. */
#if defined(__GNUC__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif

/* ---- configuration: what wsscore.core.definitions defines --------------------------------- */

/* The separators: a bit per code point of the Basic Multilingual Plane, and a short list of the
 * others (Unicode White_Space has none there, but the definition is Python's to change). */
#define BMP_SIZE 0x10000
#define MAX_ASTRAL_SEPARATORS 16
static uint32_t separator_bits[BMP_SIZE / 32];
static Py_UCS4 astral_separators[MAX_ASTRAL_SEPARATORS];
static int astral_separator_count = 0;

/* Word lengths in characters are counted in length_buckets buckets: 1, 2, ..., and the last for
 * every longer word. */
#define MAX_LENGTH_BUCKETS 64
static int length_buckets = 0;

enum { SPLIT = 0, MERGED = 1, CROSSING = 2, ERROR_CLASS_COUNT = 3 };
static PyObject *class_names[ERROR_CLASS_COUNT];  /* the str each wrong word is labelled with */

/* The named records (tuple subclasses: NamedTuples of wsscore.core.records) that count_lines
 * fills with a wrong word (class, word, cut) and with a line's (number, wrong, gold words). */
static PyTypeObject *wrong_word_type = NULL;
static PyTypeObject *line_errors_type = NULL;

static int configured = 0;

static inline int
is_separator(Py_UCS4 c)
{
    if (c < BMP_SIZE) {
        return (separator_bits[c >> 5] >> (c & 31)) & 1;
    }
    for (int i = 0; i < astral_separator_count; i++) {
        if (astral_separators[i] == c) {
            return 1;
        }
    }
    return 0;
}

static int
set_separators(PyObject *separators)
{
    int kind = PyUnicode_KIND(separators);
    const void *data = PyUnicode_DATA(separators);
    memset(separator_bits, 0, sizeof(separator_bits));
    astral_separator_count = 0;
    for (Py_ssize_t i = 0; i < PyUnicode_GET_LENGTH(separators); i++) {
        Py_UCS4 c = PyUnicode_READ(kind, data, i);
        if (c < BMP_SIZE) {
            separator_bits[c >> 5] |= (uint32_t)1 << (c & 31);
        }
        else if (astral_separator_count < MAX_ASTRAL_SEPARATORS) {
            astral_separators[astral_separator_count++] = c;
        }
        else {
            PyErr_SetString(PyExc_ValueError, "configure: too many separators outside the BMP");
            return -1;
        }
    }
    return 0;
}

static PyObject *
configure(PyObject *module, PyObject *args, PyObject *kwargs)
{
    static char *keywords[] = {"separators", "length_buckets", "split",       "merged",
                               "crossing",   "wrong_word",     "line_errors", NULL};
    PyObject *separators, *names[ERROR_CLASS_COUNT];
    PyTypeObject *wrong_word, *line_errors;
    int buckets;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "$UiUUUO!O!", keywords, &separators, &buckets,
                                     &names[SPLIT], &names[MERGED], &names[CROSSING],
                                     &PyType_Type, &wrong_word, &PyType_Type, &line_errors)) {
        return NULL;
    }
    if (!PyType_IsSubtype(wrong_word, &PyTuple_Type)
        || !PyType_IsSubtype(line_errors, &PyTuple_Type)) {
        PyErr_SetString(PyExc_TypeError, "configure: the records must be tuple subclasses");
        return NULL;
    }
    if (buckets < 1 || buckets > MAX_LENGTH_BUCKETS) {
        PyErr_SetString(PyExc_ValueError, "configure: length_buckets out of range");
        return NULL;
    }
    if (set_separators(separators) < 0) {
        return NULL;
    }
    length_buckets = buckets;
    Py_INCREF(wrong_word);
    Py_XSETREF(wrong_word_type, wrong_word);
    Py_INCREF(line_errors);
    Py_XSETREF(line_errors_type, line_errors);
    for (int i = 0; i < ERROR_CLASS_COUNT; i++) {
        Py_INCREF(names[i]);
        Py_XSETREF(class_names[i], names[i]);
    }
    configured = 1;
    Py_RETURN_NONE;
}

static int
check_configured(void)
{
    if (!configured) {
        PyErr_SetString(PyExc_RuntimeError,
                        "wsscore._speedups: call configure(...) first (wsscore.core.backend does)");
    }
    return configured;
}

/* ---- Vocabulary: a set of strings stored as slices of one text ------------------------------ */

typedef struct {
    Py_ssize_t start;  /* -1: empty slot */
    Py_ssize_t length;
    uint64_t hash;
} Slot;

/* The entries of one or two characters of the Basic Multilingual Plane, nine in ten of the
 * words of a Chinese text, are also indexed where a lookup touches no more than a few cache
 * lines: a bit per character, and a small table of pairs (two code points in 32 bits, 0 an empty
 * slot: the pair of two NULs has a flag of its own). The slots above stay the set's own. */
#define PAIR_EMPTY 0u

typedef struct {
    uint32_t single[BMP_SIZE / 32];
    uint32_t *pairs;  /* NULL for a word list too long for it: its pairs are in the slots only */
    uint32_t pair_mask;  /* the pair table's capacity less one (a power of two, at most 2^24) */
    int nul_pair;
} ShortEntries;

typedef struct {
    PyObject_HEAD
    PyObject *text;  /* the str the slices point into */
    int kind;
    const void *data;
    Slot *slots;
    Py_ssize_t capacity;  /* a power of two */
    Py_ssize_t size;
    ShortEntries *shorts;
} Vocabulary;

static inline uint32_t
pair_slot(uint32_t pair, uint32_t mask)
{
    /* Fibonacci hashing: the high bits of the product mix every bit of the pair. */
    return (uint32_t)(((uint64_t)pair * 0x9E3779B97F4A7C15ull) >> 40) & mask;
}

/* 1: the pair is an entry; 0: it is not. */
static inline int
short_pair_known(const ShortEntries *shorts, uint32_t pair)
{
    if (pair == PAIR_EMPTY) {
        return shorts->nul_pair;
    }
    for (uint32_t i = pair_slot(pair, shorts->pair_mask);; i = (i + 1) & shorts->pair_mask) {
        uint32_t found = shorts->pairs[i];
        if (found == pair) {
            return 1;
        }
        if (found == PAIR_EMPTY) {
            return 0;
        }
    }
}

static void
short_pair_add(ShortEntries *shorts, uint32_t pair)
{
    if (pair == PAIR_EMPTY) {
        shorts->nul_pair = 1;
        return;
    }
    uint32_t i = pair_slot(pair, shorts->pair_mask);
    while (shorts->pairs[i] != PAIR_EMPTY && shorts->pairs[i] != pair) {
        i = (i + 1) & shorts->pair_mask;
    }
    shorts->pairs[i] = pair;
}

/* Whether a slice is short enough for the index: -1 no; else the character (one) or the pair. */
static inline int64_t
short_key(int kind, const void *data, Py_ssize_t start, Py_ssize_t length, int shorts_have_pairs)
{
    if (length == 1) {
        Py_UCS4 c = PyUnicode_READ(kind, data, start);
        return c < BMP_SIZE ? (int64_t)c : -1;
    }
    if (length == 2 && shorts_have_pairs) {
        Py_UCS4 a = PyUnicode_READ(kind, data, start), b = PyUnicode_READ(kind, data, start + 1);
        return a < BMP_SIZE && b < BMP_SIZE ? (int64_t)((a << 16) | b) : -1;
    }
    return -1;
}

static uint64_t
hash_slice(int kind, const void *data, Py_ssize_t start, Py_ssize_t length)
{
    uint64_t h = 1469598103934665603ULL;  /* FNV-1a over code points */
    for (Py_ssize_t i = start; i < start + length; i++) {
        h ^= (uint64_t)PyUnicode_READ(kind, data, i);
        h *= 1099511628211ULL;
    }
    return h ^ (uint64_t)length;
}

static int
same_slice(int kind_a, const void *data_a, Py_ssize_t start_a, int kind_b, const void *data_b,
           Py_ssize_t start_b, Py_ssize_t length)
{
    if (kind_a == kind_b && length > 8) {
        return memcmp((const char *)data_a + start_a * kind_a,
                      (const char *)data_b + start_b * kind_b, (size_t)(length * kind_a)) == 0;
    }
    /* Most words are a few characters: compared here, without the call to memcmp. */
    for (Py_ssize_t i = 0; i < length; i++) {
        if (PyUnicode_READ(kind_a, data_a, start_a + i) != PyUnicode_READ(kind_b, data_b, start_b + i)) {
            return 0;
        }
    }
    return 1;
}

/* Text written code point by code point in one kind (that of the text it comes from), for the
 * str a function returns: chars_words, conllu_words, read_tagged_block, read_jsonl_block. */
typedef struct {
    int kind;
    char *data;
    Py_ssize_t length;
} Writer;

static int
writer_open(Writer *w, int kind, Py_ssize_t size)
{
    w->kind = kind;
    w->length = 0;
    w->data = PyMem_Malloc(size > 0 ? (size_t)size * kind : 1);
    if (w->data == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static inline void
writer_put(Writer *w, Py_UCS4 c)
{
    PyUnicode_WRITE(w->kind, w->data, w->length, c);
    w->length++;
}

static inline void
writer_copy(Writer *w, const void *data, Py_ssize_t start, Py_ssize_t end)
{
    memcpy(w->data + w->length * w->kind, (const char *)data + start * w->kind,
           (size_t)(end - start) * w->kind);
    w->length += end - start;
}

/* The writer's text as a str (it is freed either way); NULL on error. */
static PyObject *
writer_close(Writer *w)
{
    PyObject *text = PyUnicode_FromKindAndData(w->kind, w->data, w->length);
    PyMem_Free(w->data);
    w->data = NULL;
    return text;
}

/* Find the slot of a slice of (kind, data); returns its index, or the empty slot to fill. */
static Py_ssize_t
find_slot(Vocabulary *v, int kind, const void *data, Py_ssize_t start, Py_ssize_t length, uint64_t h)
{
    Py_ssize_t mask = v->capacity - 1;
    Py_ssize_t i = (Py_ssize_t)(h & (uint64_t)mask);
    for (;;) {
        Slot *slot = &v->slots[i];
        if (slot->start < 0) {
            return i;
        }
        if (slot->hash == h && slot->length == length
            && same_slice(v->kind, v->data, slot->start, kind, data, start, length)) {
            return i;
        }
        i = (i + 1) & mask;
    }
}

static ALWAYS_INLINE int
vocabulary_contains_slice(Vocabulary *v, int kind, const void *data, Py_ssize_t start, Py_ssize_t length)
{
    if (v->size == 0) {
        return 0;
    }
    const ShortEntries *shorts = v->shorts;
    int64_t key = short_key(kind, data, start, length, shorts->pairs != NULL);
    if (key >= 0) {
        if (length == 1) {
            return (shorts->single[key >> 5] >> (key & 31)) & 1;
        }
        return short_pair_known(shorts, (uint32_t)key);
    }
    uint64_t h = hash_slice(kind, data, start, length);
    return v->slots[find_slot(v, kind, data, start, length, h)].start >= 0;
}

static void
vocabulary_index_short(ShortEntries *shorts, int kind, const void *data, Py_ssize_t start,
                       Py_ssize_t length)
{
    int64_t key = short_key(kind, data, start, length, shorts->pairs != NULL);
    if (key >= 0 && length == 1) {
        shorts->single[key >> 5] |= 1u << (key & 31);
    }
    else if (key >= 0) {
        short_pair_add(shorts, (uint32_t)key);
    }
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
    Py_INCREF(text);
    v->text = text;
    v->kind = PyUnicode_KIND(text);
    v->data = PyUnicode_DATA(text);
    Py_ssize_t n = PyUnicode_GET_LENGTH(text);
    Py_ssize_t lines = 1;
    for (Py_ssize_t i = 0; i < n; i++) {
        if (PyUnicode_READ(v->kind, v->data, i) == '\n') {
            lines++;
        }
    }
    v->capacity = 16;
    while (v->capacity < 2 * lines) {
        v->capacity *= 2;
    }
    v->slots = PyMem_Malloc(sizeof(Slot) * (size_t)v->capacity);
    if (v->slots == NULL) {
        Py_DECREF(v);
        return PyErr_NoMemory();
    }
    for (Py_ssize_t i = 0; i < v->capacity; i++) {
        v->slots[i].start = -1;
    }
    /* At most one entry a line: the pair table stays at most half full. */
    uint32_t pair_capacity = 16;
    while ((Py_ssize_t)pair_capacity < 2 * lines && pair_capacity < (1u << 24)) {
        pair_capacity *= 2;
    }
    int with_pairs = 2 * lines <= (Py_ssize_t)pair_capacity;
    v->shorts = PyMem_Calloc(1, sizeof(ShortEntries));
    if (v->shorts != NULL && with_pairs) {
        v->shorts->pairs = PyMem_Calloc(pair_capacity, sizeof(uint32_t));
        v->shorts->pair_mask = pair_capacity - 1;
    }
    if (v->shorts == NULL || (with_pairs && v->shorts->pairs == NULL)) {
        Py_DECREF(v);
        return PyErr_NoMemory();
    }
    Py_ssize_t line_start = 0;
    for (Py_ssize_t i = 0; i <= n; i++) {
        if (i < n && PyUnicode_READ(v->kind, v->data, i) != '\n') {
            continue;
        }
        /* An entry is its line stripped of white space (str.strip(), as the Python loader). */
        Py_ssize_t a = line_start, b = i;
        while (a < b && Py_UNICODE_ISSPACE(PyUnicode_READ(v->kind, v->data, a))) {
            a++;
        }
        while (b > a && Py_UNICODE_ISSPACE(PyUnicode_READ(v->kind, v->data, b - 1))) {
            b--;
        }
        if (b > a) {
            uint64_t h = hash_slice(v->kind, v->data, a, b - a);
            Py_ssize_t s = find_slot(v, v->kind, v->data, a, b - a, h);
            if (v->slots[s].start < 0) {
                v->slots[s].start = a;
                v->slots[s].length = b - a;
                v->slots[s].hash = h;
                v->size++;
                vocabulary_index_short(v->shorts, v->kind, v->data, a, b - a);
            }
        }
        line_start = i + 1;
    }
    return (PyObject *)v;
}

static void
Vocabulary_dealloc(Vocabulary *v)
{
    PyMem_Free(v->slots);
    if (v->shorts != NULL) {
        PyMem_Free(v->shorts->pairs);
        PyMem_Free(v->shorts);
    }
    Py_XDECREF(v->text);
    Py_TYPE(v)->tp_free((PyObject *)v);
}

static Py_ssize_t
Vocabulary_len(Vocabulary *v)
{
    return v->size;
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
    if (result == NULL) {
        return NULL;
    }
    for (Py_ssize_t i = 0; i < v->capacity; i++) {
        Slot *slot = &v->slots[i];
        if (slot->start < 0) {
            continue;
        }
        PyObject *entry = PyUnicode_Substring(v->text, slot->start, slot->start + slot->length);
        if (entry == NULL || PySet_Add(result, entry) < 0) {
            Py_XDECREF(entry);
            Py_DECREF(result);
            return NULL;
        }
        Py_DECREF(entry);
    }
    return result;
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

static PyTypeObject VocabularyType = {
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

/* ---- counting ------------------------------------------------------------------------------ */

/* A character's code: a gold (a predicted) word ends with it; the gold's (the prediction's) line
 * ends after it, with more text to follow; the gold word it ends is unknown. */
enum { GOLD = 2, PRED = 1, LINE_END = 4, OOV = 8, PRED_LINE_END = 16 };

typedef struct {
    int kind;
    const void *data;
    Py_ssize_t length;
    Py_ssize_t at;
} Cursor;

/* Skip separators; returns how many "\n" were passed. */
static inline Py_ssize_t
skip_separators(Cursor *c)
{
    Py_ssize_t newlines = 0;
    while (c->at < c->length) {
        Py_UCS4 ch = PyUnicode_READ(c->kind, c->data, c->at);
        if (!is_separator(ch)) {
            break;
        }
        newlines += ch == '\n';
        c->at++;
    }
    return newlines;
}

/* Is a word of (kind, data)[start:end] unknown to the dictionary? -1 on error. */
static ALWAYS_INLINE int
is_unknown(PyObject *vocabulary, PyObject *text, int kind, const void *data, Py_ssize_t start,
           Py_ssize_t end)
{
    if (vocabulary == Py_None) {
        return 0;
    }
    if (Py_IS_TYPE(vocabulary, &VocabularyType)) {
        return !vocabulary_contains_slice((Vocabulary *)vocabulary, kind, data, start, end - start);
    }
    PyObject *word = PyUnicode_Substring(text, start, end);
    if (word == NULL) {
        return -1;
    }
    int found = PySequence_Contains(vocabulary, word);
    Py_DECREF(word);
    return found < 0 ? -1 : !found;
}

/* Whether the word of length characters at chars + start is not in the vocabulary (1), is (0),
 * or -1 on error: as is_unknown, for a word of a walk's kept characters. */
static int
is_unknown_chars(PyObject *vocabulary, const Py_UCS4 *chars, Py_ssize_t start, Py_ssize_t length)
{
    if (vocabulary == Py_None) {
        return 0;
    }
    if (Py_IS_TYPE(vocabulary, &VocabularyType)) {
        return !vocabulary_contains_slice((Vocabulary *)vocabulary, PyUnicode_4BYTE_KIND, chars,
                                          start, length);
    }
    PyObject *word = PyUnicode_FromKindAndData(PyUnicode_4BYTE_KIND, chars + start, length);
    if (word == NULL) {
        return -1;
    }
    int found = PySequence_Contains(vocabulary, word);
    Py_DECREF(word);
    return found < 0 ? -1 : !found;
}

/* A walk over two texts that hold the same characters: one code byte per character, for the
 * boundary after it, and (when chars is not NULL) the characters themselves. */
typedef struct {
    unsigned char *codes;
    Py_UCS4 *chars;
    Py_ssize_t n;
} Walk;

static void
walk_free(Walk *w)
{
    PyMem_Free(w->codes);
    PyMem_Free(w->chars);
    w->codes = NULL;
    w->chars = NULL;
}

static int walk_equal_kinds(PyObject *gold_text, PyObject *pred_text, PyObject *vocabulary,
                            int keep_chars, Walk *w, int gold_kind, int pred_kind);

/* 1: the texts agree (w filled); 0: they differ; -1: an error is set. The walk is compiled once
 * for each usual pair of kinds (both texts in 2 bytes a character: Chinese; in 1: Latin-1),
 * where every character is read without asking its kind; once for any kinds. */
static int
walk_equal(PyObject *gold_text, PyObject *pred_text, PyObject *vocabulary, int keep_chars, Walk *w)
{
    int gold_kind = PyUnicode_KIND(gold_text), pred_kind = PyUnicode_KIND(pred_text);
    if (gold_kind == PyUnicode_2BYTE_KIND && pred_kind == PyUnicode_2BYTE_KIND) {
        return walk_equal_kinds(gold_text, pred_text, vocabulary, keep_chars, w,
                                PyUnicode_2BYTE_KIND, PyUnicode_2BYTE_KIND);
    }
    if (gold_kind == PyUnicode_1BYTE_KIND && pred_kind == PyUnicode_1BYTE_KIND) {
        return walk_equal_kinds(gold_text, pred_text, vocabulary, keep_chars, w,
                                PyUnicode_1BYTE_KIND, PyUnicode_1BYTE_KIND);
    }
    return walk_equal_kinds(gold_text, pred_text, vocabulary, keep_chars, w, gold_kind, pred_kind);
}

static ALWAYS_INLINE int
walk_equal_kinds(PyObject *gold_text, PyObject *pred_text, PyObject *vocabulary, int keep_chars,
                 Walk *w, int gold_kind, int pred_kind)
{
    Cursor gold = {gold_kind, PyUnicode_DATA(gold_text), PyUnicode_GET_LENGTH(gold_text), 0};
    Cursor pred = {pred_kind, PyUnicode_DATA(pred_text), PyUnicode_GET_LENGTH(pred_text), 0};
    w->codes = PyMem_Malloc((size_t)gold.length + 1);
    w->chars = keep_chars ? PyMem_Malloc(((size_t)gold.length + 1) * sizeof(Py_UCS4)) : NULL;
    if (w->codes == NULL || (keep_chars && w->chars == NULL)) {
        walk_free(w);
        PyErr_NoMemory();
        return -1;
    }
    unsigned char *codes = w->codes;
    Py_ssize_t n = 0, word_start = -1, last_gold_end = -1;
    int line_pending = 0, failed = 0, differ = 0;
    skip_separators(&gold);
    skip_separators(&pred);
    while (gold.at < gold.length && pred.at < pred.length) {
        Py_UCS4 g = PyUnicode_READ(gold.kind, gold.data, gold.at);
        if (g != PyUnicode_READ(pred.kind, pred.data, pred.at)) {
            differ = 1;
            break;
        }
        if (line_pending) {  /* the gold word before ended its line, and more text follows */
            codes[last_gold_end] |= LINE_END;
            line_pending = 0;
        }
        if (word_start < 0) {
            word_start = gold.at;
        }
        unsigned char code = 0;
        gold.at++;
        pred.at++;
        if (gold.at == gold.length || is_separator(PyUnicode_READ(gold.kind, gold.data, gold.at))) {
            code |= GOLD;
            int unknown = is_unknown(vocabulary, gold_text, gold.kind, gold.data, word_start, gold.at);
            if (unknown < 0) {
                failed = 1;
                break;
            }
            if (unknown) {
                code |= OOV;
            }
            word_start = -1;
            last_gold_end = n;
            line_pending = skip_separators(&gold) > 0;
        }
        if (pred.at == pred.length || is_separator(PyUnicode_READ(pred.kind, pred.data, pred.at))) {
            code |= PRED;
            if (skip_separators(&pred) > 0 && pred.at < pred.length) {
                code |= PRED_LINE_END;
            }
        }
        if (keep_chars) {
            w->chars[n] = g;
        }
        codes[n++] = code;
    }
    w->n = n;
    if (failed || differ || gold.at < gold.length || pred.at < pred.length) {
        walk_free(w);
        return failed ? -1 : 0;
    }
    return 1;
}

static PyObject *
long_tuple(const long long *values, Py_ssize_t count)
{
    PyObject *tuple = PyTuple_New(count);
    for (Py_ssize_t i = 0; tuple != NULL && i < count; i++) {
        PyObject *value = PyLong_FromLongLong(values[i]);
        if (value == NULL) {
            Py_CLEAR(tuple);
            break;
        }
        PyTuple_SET_ITEM(tuple, i, value);
    }
    return tuple;
}

/* The counts of wsscore.core.records.Counts, in its field order (the misaligned lines and
 * characters are 0: the characters agree). A gold word is correct when it ends at
 * a boundary both sides share and the boundary before it (or the start) is shared too.
 * Stretches of wrong words run between correct words and stop at gold line ends; each gives
 * min(gold words, predicted words started in it) substitutions. */
#define COUNT_FIELDS 10

static void
walk_counts(const Walk *w, long long out[COUNT_FIELDS])
{
    const unsigned char *codes = w->codes;
    Py_ssize_t n = w->n;
    long long gold_words = 0, pred_words = 0, correct = 0, oov = 0, oov_correct = 0, subst = 0;
    long long stretch_gold = 0, stretch_pred = n > 0;  /* a predicted word starts at the start */
    int previous_common = 1;
    for (Py_ssize_t k = 0; k < n; k++) {
        unsigned char code = codes[k];
        if (!code) {
            continue;
        }
        int common = (code & (GOLD | PRED)) == (GOLD | PRED);
        if (code & GOLD) {
            gold_words++;
            oov += (code & OOV) != 0;
            if (common && previous_common) {
                correct++;
                oov_correct += (code & OOV) != 0;
                stretch_pred--;  /* the correct predicted word was counted when it started */
                subst += stretch_gold < stretch_pred ? stretch_gold : stretch_pred;
                stretch_gold = stretch_pred = 0;
            }
            else {
                stretch_gold++;
            }
        }
        if (code & LINE_END) {
            subst += stretch_gold < stretch_pred ? stretch_gold : stretch_pred;
            stretch_gold = stretch_pred = 0;
        }
        if (code & PRED) {
            pred_words++;
            if (k + 1 < n) {
                stretch_pred++;
            }
        }
        previous_common = common;
    }
    subst += stretch_gold < stretch_pred ? stretch_gold : stretch_pred;
    long long counts[COUNT_FIELDS] = {gold_words, pred_words, correct, oov, oov_correct, subst,
                                      pred_words - correct - subst, gold_words - correct - subst,
                                      0, 0};
    memcpy(out, counts, sizeof(counts));
}

/* The class of a wrong gold word over characters [start, end] (docs/metrics.md §5): merged, no
 * predicted boundary inside; split, one inside and predicted boundaries at both ends; crossing,
 * the others. The line's ends are predicted boundaries: the characters are the same. */
static int
error_class(const Walk *w, Py_ssize_t start, Py_ssize_t end, int pred_inside)
{
    if (!pred_inside) {
        return MERGED;
    }
    int left = start == 0 || (w->codes[start - 1] & PRED);
    int right = end + 1 == w->n || (w->codes[end] & PRED);
    return left && right ? SPLIT : CROSSING;
}

/* One line's extra counts (docs/metrics.md §5), in the field order of
 * wsscore.core.records.ExtraCounts: its substrings, the boundaries strictly inside it on each
 * side and on both, its wrong gold words by class; then the counts of the line as a whole
 * (§5.8-5.10, as ExtraCounts.of_sentence gives them): whether it is segmented exactly (from
 * its counts), each character as a word start or not (the first a start on both sides), and
 * the boundaries with the line's two edges. */
#define EXTRA_FIELDS 15

static void
walk_extras(const Walk *w, const long long counts[COUNT_FIELDS], long long out[EXTRA_FIELDS])
{
    const unsigned char *codes = w->codes;
    Py_ssize_t n = w->n;
    long long inside_gold = 0, inside_pred = 0, inside_both = 0, classes[3] = {0, 0, 0};
    int common_before = 1, pred_inside = 0;
    Py_ssize_t start = 0;
    for (Py_ssize_t k = 0; k < n; k++) {
        unsigned char code = codes[k];
        if (!code) {
            continue;
        }
        int common = (code & (GOLD | PRED)) == (GOLD | PRED);
        if (k + 1 < n) {
            inside_gold += (code & GOLD) != 0;
            inside_pred += (code & PRED) != 0;
            inside_both += common;
        }
        if (code & GOLD) {
            if (!(common && common_before)) {
                classes[error_class(w, start, k, pred_inside)]++;
            }
            start = k + 1;
            pred_inside = 0;
        }
        else {
            pred_inside = 1;  /* a predicted boundary inside the gold word */
        }
        common_before = common;
    }
    long long whole = n > 0;  /* a line without characters adds no whole-line counts */
    long long exact = whole && counts[0] == counts[2] && counts[1] == counts[2];
    long long extras[EXTRA_FIELDS] = {(long long)n * (n + 1) / 2, inside_gold, inside_pred, inside_both,
                           classes[SPLIT], classes[MERGED], classes[CROSSING],
                           exact,
                           whole * (inside_both + 1),
                           whole * (inside_pred - inside_both),
                           whole * (n - 1 - inside_gold - inside_pred + inside_both),
                           whole * (inside_gold - inside_both),
                           whole * (inside_gold + 2),
                           whole * (inside_pred + 2),
                           whole * (inside_both + 2)};
    memcpy(out, extras, sizeof(extras));
}

/* The sentences of a block (wsscore.core.records.SentenceSpans: correct, gold, predicted), a
 * sentence being a line with characters: a predicted one is correct when it starts and ends
 * where a gold line does, with no gold line ending inside it, that is when the line ends
 * before it and its own end are both shared by the two sides, and no line of either side ends
 * between them. Counted from the line ends the walk marked, at no cost to the words. */
#define SENTENCE_FIELDS 3

static void
walk_sentences(const Walk *w, long long out[SENTENCE_FIELDS])
{
    const unsigned char *codes = w->codes;
    long long correct = 0, gold = w->n > 0, pred = w->n > 0;
    int previous_shared = 1;  /* the start of the text */
    for (Py_ssize_t k = 0; k < w->n; k++) {
        unsigned char ends = codes[k] & (LINE_END | PRED_LINE_END);
        if (!ends) {
            continue;
        }
        int shared = ends == (LINE_END | PRED_LINE_END);
        gold += (ends & LINE_END) != 0;
        pred += (ends & PRED_LINE_END) != 0;
        correct += shared && previous_shared;
        previous_shared = shared;
    }
    correct += w->n > 0 && previous_shared;  /* the end of the text */
    out[0] = correct;
    out[1] = gold;
    out[2] = pred;
}

static PyObject *
count_block(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (!check_configured()) {
        return NULL;
    }
    if (nargs != 3 || !PyUnicode_Check(args[0]) || !PyUnicode_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "count_block(gold: str, pred: str, vocabulary)");
        return NULL;
    }
    Walk w;
    int agree = walk_equal(args[0], args[1], args[2], 0, &w);
    if (agree <= 0) {
        if (agree < 0) {
            return NULL;
        }
        Py_RETURN_NONE;
    }
    long long counts[COUNT_FIELDS], sentences[SENTENCE_FIELDS];
    walk_counts(&w, counts);
    walk_sentences(&w, sentences);
    walk_free(&w);
    PyObject *items[2] = {long_tuple(counts, COUNT_FIELDS), long_tuple(sentences, SENTENCE_FIELDS)};
    PyObject *result = items[0] != NULL && items[1] != NULL ? PyTuple_New(2) : NULL;
    for (int i = 0; i < 2; i++) {
        if (result != NULL) {
            PyTuple_SET_ITEM(result, i, items[i]);  /* takes the reference */
        }
        else {
            Py_XDECREF(items[i]);
        }
    }
    return result;
}

/* A record of ``type`` (a tuple subclass) holding the items, whose references it takes; NULL
 * when an item is NULL (its error set) or memory runs out. Built as tuple's own constructor
 * builds a subclass, without calling Python. */
static PyObject *
record_of(PyTypeObject *type, PyObject **items, Py_ssize_t size)
{
    PyObject *record = NULL;
    int complete = 1;
    for (Py_ssize_t i = 0; i < size; i++) {
        complete &= items[i] != NULL;
    }
    if (complete) {
        record = type->tp_alloc(type, size);
    }
    for (Py_ssize_t i = 0; i < size; i++) {
        if (record != NULL) {
            PyTuple_SET_ITEM(record, i, items[i]);
        }
        else {
            Py_XDECREF(items[i]);
        }
    }
    return record;
}

static PyObject *
line_errors_record(Py_ssize_t number, Py_ssize_t errors, long long gold_words)
{
    PyObject *items[3] = {PyLong_FromSsize_t(number), PyLong_FromSsize_t(errors),
                          PyLong_FromLongLong(gold_words)};
    return record_of(line_errors_type, items, 3);
}

/* ---- CodeStore: code points kept end to end, for the tables below ------------------------- */

/* The words or entries of a table, written one after another; a slot holds where its own
 * start. Grown by doubling, so that a table of many words costs one buffer. */
typedef struct {
    Py_UCS4 *chars;
    Py_ssize_t used;       /* code points written */
    Py_ssize_t allocated;
} CodeStore;

/* Room for more code points after the used ones (where the next is written). 0, or -1. */
static int
codes_reserve(CodeStore *store, Py_ssize_t more)
{
    if (store->used + more <= store->allocated) {
        return 0;
    }
    Py_ssize_t allocated = store->allocated ? store->allocated : 1024;
    while (allocated < store->used + more) {
        allocated *= 2;
    }
    Py_UCS4 *chars = PyMem_Realloc(store->chars, (size_t)allocated * sizeof(Py_UCS4));
    if (chars == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    store->chars = chars;
    store->allocated = allocated;
    return 0;
}

/* ---- WrongWordTally: how often each wrong gold word was cut each way ------------------------ */

/* One distinct (class, word, predicted cut): its characters lie at chars[at:], the word's then
 * the cut's. A slot with at < 0 is empty. */
typedef struct {
    uint64_t hash;
    Py_ssize_t at;
    Py_ssize_t word_length;
    Py_ssize_t cut_length;
    long long count;
    int error;
} TallySlot;

typedef struct {
    PyObject_HEAD
    TallySlot *slots;
    Py_ssize_t capacity;  /* a power of two, or 0 before the first entry */
    Py_ssize_t size;
    CodeStore text;  /* the entries' characters */
} WrongWordTally;

static PyTypeObject WrongWordTallyType;

static int
tally_grow(WrongWordTally *t)
{
    Py_ssize_t capacity = t->capacity ? t->capacity * 2 : 1024;
    TallySlot *slots = PyMem_Malloc((size_t)capacity * sizeof(TallySlot));
    if (slots == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < capacity; i++) {
        slots[i].at = -1;
    }
    Py_ssize_t mask = capacity - 1;
    for (Py_ssize_t i = 0; i < t->capacity; i++) {
        if (t->slots[i].at >= 0) {
            Py_ssize_t j = (Py_ssize_t)(t->slots[i].hash & (uint64_t)mask);
            while (slots[j].at >= 0) {
                j = (j + 1) & mask;
            }
            slots[j] = t->slots[i];
        }
    }
    PyMem_Free(t->slots);
    t->slots = slots;
    t->capacity = capacity;
    return 0;
}

/* Count the entry whose word and cut were just written after the used characters (reserved
 * with tally_reserve): added to its slot, or kept as a new entry. 0, or -1 on error. */
static int
tally_commit(WrongWordTally *t, int error, Py_ssize_t word_length, Py_ssize_t cut_length,
             long long count)
{
    if ((t->size + 1) * 2 > t->capacity && tally_grow(t) < 0) {
        return -1;
    }
    const Py_UCS4 *text = t->text.chars + t->text.used;
    Py_ssize_t length = word_length + cut_length;
    /* hash_slice ends by mixing in the length: taken back out, as the entry mixes in its own */
    uint64_t h = hash_slice(PyUnicode_4BYTE_KIND, text, 0, length) ^ (uint64_t)length;
    h ^= ((uint64_t)word_length << 8) ^ (uint64_t)error;
    Py_ssize_t mask = t->capacity - 1;
    Py_ssize_t i = (Py_ssize_t)(h & (uint64_t)mask);
    for (;; i = (i + 1) & mask) {
        TallySlot *slot = &t->slots[i];
        if (slot->at < 0) {
            TallySlot entry = {h, t->text.used, word_length, cut_length, count, error};
            *slot = entry;
            t->size++;
            t->text.used += length;
            return 0;
        }
        if (slot->hash == h && slot->error == error && slot->word_length == word_length
            && slot->cut_length == cut_length
            && memcmp(t->text.chars + slot->at, text, (size_t)length * sizeof(Py_UCS4)) == 0) {
            slot->count += count;
            return 0;
        }
    }
}

/* A wrong gold word of a walk, counted once: the word is characters [start, end]; its cut runs
 * over the predicted words that share a character with it, from pred_start to the first
 * predicted boundary at or after its last character, with "/" after each but the last. */
static int
tally_wrong_word(WrongWordTally *t, const Walk *w, int error, Py_ssize_t start, Py_ssize_t end,
                 Py_ssize_t pred_start)
{
    Py_ssize_t pred_end = end;
    while (pred_end + 1 < w->n && !(w->codes[pred_end] & PRED)) {
        pred_end++;
    }
    Py_ssize_t word_length = end - start + 1, cut_chars = pred_end - pred_start + 1;
    /* at most a "/" after every character of the cut */
    if (codes_reserve(&t->text, word_length + 2 * cut_chars) < 0) {
        return -1;
    }
    Py_UCS4 *text = t->text.chars + t->text.used;
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

static PyObject *
WrongWordTally_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    static char *keywords[] = {NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, ":WrongWordTally", keywords)) {
        return NULL;
    }
    return type->tp_alloc(type, 0);  /* zeroed: no slots, no characters */
}

static void
WrongWordTally_dealloc(WrongWordTally *t)
{
    PyMem_Free(t->slots);
    PyMem_Free(t->text.chars);
    Py_TYPE(t)->tp_free((PyObject *)t);
}

static Py_ssize_t
WrongWordTally_len(WrongWordTally *t)
{
    return t->size;
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
    for (Py_ssize_t i = 0; i < o->capacity; i++) {
        const TallySlot *slot = &o->slots[i];
        if (slot->at < 0) {
            continue;
        }
        Py_ssize_t length = slot->word_length + slot->cut_length;
        if (codes_reserve(&t->text, length) < 0) {
            return NULL;
        }
        memcpy(t->text.chars + t->text.used, o->text.chars + slot->at, (size_t)length * sizeof(Py_UCS4));
        if (tally_commit(t, slot->error, slot->word_length, slot->cut_length, slot->count) < 0) {
            return NULL;
        }
    }
    Py_RETURN_NONE;
}

static PyObject *
WrongWordTally_counts(WrongWordTally *t, PyObject *Py_UNUSED(ignored))
{
    if (!check_configured()) {
        return NULL;
    }
    PyObject *counts = PyDict_New();
    for (Py_ssize_t i = 0; counts != NULL && i < t->capacity; i++) {
        const TallySlot *slot = &t->slots[i];
        if (slot->at < 0) {
            continue;
        }
        const Py_UCS4 *text = t->text.chars + slot->at;
        PyObject *items[3] = {
            Py_NewRef(class_names[slot->error]),
            PyUnicode_FromKindAndData(PyUnicode_4BYTE_KIND, text, slot->word_length),
            PyUnicode_FromKindAndData(PyUnicode_4BYTE_KIND, text + slot->word_length,
                                      slot->cut_length)};
        PyObject *key = record_of(wrong_word_type, items, 3);
        PyObject *count = key != NULL ? PyLong_FromLongLong(slot->count) : NULL;
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

static PyTypeObject WrongWordTallyType = {
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

/* ---- WordTypes: the distinct words of texts (docs/metrics.md §5.11) ------------------------ */

/* A set of words in an open-addressing hash table of small slots, so that a word seen again
 * costs a hash and a comparison, never a Python object: the type (lexicon) counts of --extra.
 * A word of up to PACKED_CHARS code points (most words) is held whole in its slot, 21 bits a
 * code point, and compared there; a longer one as a slice of one buffer of code points. The
 * table is looked at for every word of the texts, between the scorer's own passes: it is kept
 * small (16 bytes a slot, three quarters full at most) so that it stays in the cache. */
#define PACKED_CHARS 3
#define TYPES_RECENT 4096  /* a power of two */

typedef struct {
    uint64_t key;     /* the packed code points, or where the word starts in chars */
    uint32_t hash;
    int32_t length;   /* 0: an empty slot (a word has one character or more) */
} TypeSlot;

typedef struct {
    PyObject_HEAD
    CodeStore text;  /* the words longer than PACKED_CHARS */
    TypeSlot *slots;
    Py_ssize_t capacity;  /* a power of two */
    Py_ssize_t size;
    /* Short words found lately, by hash (see recent_key): a word met again, as most are,
     * is found here in a few kilobytes without a look into the table. */
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

static PyTypeObject WordTypesType;

/* The word's hash, and for a short word its code points packed (else 0). */
static uint32_t
hash_and_pack(int kind, const void *data, Py_ssize_t start, Py_ssize_t length, uint64_t *packed)
{
    uint64_t h = 1469598103934665603ULL, p = 0;
    for (Py_ssize_t i = 0; i < length; i++) {
        Py_UCS4 c = PyUnicode_READ(kind, data, start + i);
        h ^= (uint64_t)c;
        h *= 1099511628211ULL;
        if (i < PACKED_CHARS) {
            p |= (uint64_t)c << (21 * i);
        }
    }
    *packed = length <= PACKED_CHARS ? p : 0;
    h ^= (uint64_t)length;
    return (uint32_t)(h ^ (h >> 32));
}

/* A slot's word, written as code points into out (room for its length). */
static void
types_word(const WordTypes *t, const TypeSlot *slot, Py_UCS4 *out)
{
    if (slot->length <= PACKED_CHARS) {
        for (int32_t i = 0; i < slot->length; i++) {
            out[i] = (Py_UCS4)((slot->key >> (21 * i)) & 0x1FFFFF);
        }
    }
    else {
        memcpy(out, t->text.chars + slot->key, sizeof(Py_UCS4) * (size_t)slot->length);
    }
}

static Py_ssize_t
types_find(const WordTypes *t, int kind, const void *data, Py_ssize_t start, Py_ssize_t length,
           uint32_t h, uint64_t packed)
{
    Py_ssize_t mask = t->capacity - 1;
    Py_ssize_t i = (Py_ssize_t)(h & (uint64_t)mask);
    for (;;) {
        const TypeSlot *slot = &t->slots[i];
        if (slot->length == 0) {
            return i;
        }
        if (slot->hash == h && slot->length == length
            && (length <= PACKED_CHARS
                    ? slot->key == packed
                    : same_slice(PyUnicode_4BYTE_KIND, t->text.chars, (Py_ssize_t)slot->key, kind,
                                 data, start, length))) {
            return i;
        }
        i = (i + 1) & mask;
    }
}

/* The slots doubled and every word placed again. 0, or -1 on error. */
static int
types_grow(WordTypes *t)
{
    TypeSlot *old = t->slots;
    Py_ssize_t old_capacity = t->capacity;
    Py_ssize_t capacity = old_capacity ? old_capacity * 2 : 1024;
    TypeSlot *slots = PyMem_Calloc((size_t)capacity, sizeof(TypeSlot));
    if (slots == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    t->slots = slots;
    t->capacity = capacity;
    for (Py_ssize_t i = 0; i < old_capacity; i++) {
        if (old[i].length != 0) {
            Py_ssize_t at = (Py_ssize_t)(old[i].hash & (uint64_t)(capacity - 1));
            while (slots[at].length != 0) {
                at = (at + 1) & (capacity - 1);
            }
            slots[at] = old[i];
        }
    }
    PyMem_Free(old);
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
    if (4 * (t->size + 1) > 3 * t->capacity && types_grow(t) < 0) {
        return -1;
    }
    uint64_t packed;
    uint32_t h = hash_and_pack(kind, data, start, length, &packed);
    uint64_t recent = recent_key(packed, length);
    uint64_t *seen = &t->recent[h & (TYPES_RECENT - 1)];
    if (recent != 0 && *seen == recent) {
        return 0;  /* in the set already */
    }
    if (recent != 0) {
        *seen = recent;  /* in the set once this returns without an error */
    }
    Py_ssize_t at = types_find(t, kind, data, start, length, h, packed);
    TypeSlot *slot = &t->slots[at];
    if (slot->length != 0) {
        return 0;
    }
    if (length > PACKED_CHARS) {
        if (codes_reserve(&t->text, length) < 0) {
            return -1;
        }
        for (Py_ssize_t i = 0; i < length; i++) {
            t->text.chars[t->text.used + i] = PyUnicode_READ(kind, data, start + i);
        }
        packed = (uint64_t)t->text.used;
        t->text.used += length;
    }
    slot->key = packed;
    slot->hash = h;
    slot->length = (int32_t)length;
    t->size++;
    return 0;
}

static PyObject *
WordTypes_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    if (PyTuple_GET_SIZE(args) != 0 || (kwargs != NULL && PyDict_GET_SIZE(kwargs) != 0)) {
        PyErr_SetString(PyExc_TypeError, "WordTypes() takes no arguments");
        return NULL;
    }
    WordTypes *t = (WordTypes *)type->tp_alloc(type, 0);
    if (t != NULL && types_grow(t) < 0) {
        Py_CLEAR(t);
    }
    return (PyObject *)t;
}

static void
WordTypes_dealloc(WordTypes *t)
{
    PyMem_Free(t->slots);
    PyMem_Free(t->text.chars);
    Py_TYPE(t)->tp_free((PyObject *)t);
}

static Py_ssize_t
WordTypes_len(WordTypes *t)
{
    return t->size;
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

/* Each word of o (another set, or t itself) handed to a function with its code points; the
 * first error stops it. 0, or -1 on error. */
static int
types_each(const WordTypes *o, int (*use)(void *, const Py_UCS4 *, const TypeSlot *), void *arg)
{
    Py_UCS4 buffer[PACKED_CHARS];
    for (Py_ssize_t i = 0; i < o->capacity; i++) {
        const TypeSlot *slot = &o->slots[i];
        if (slot->length == 0) {
            continue;
        }
        const Py_UCS4 *chars = buffer;
        if (slot->length <= PACKED_CHARS) {
            types_word(o, slot, buffer);
        }
        else {
            chars = o->text.chars + slot->key;
        }
        if (use(arg, chars, slot) < 0) {
            return -1;
        }
    }
    return 0;
}

static int
types_add_word(void *arg, const Py_UCS4 *chars, const TypeSlot *slot)
{
    return types_add_slice((WordTypes *)arg, PyUnicode_4BYTE_KIND, chars, 0, slot->length);
}

static PyObject *
WordTypes_merge(WordTypes *t, PyObject *other)
{
    if (!Py_IS_TYPE(other, &WordTypesType)) {
        PyErr_SetString(PyExc_TypeError, "merge: another WordTypes");
        return NULL;
    }
    if ((WordTypes *)other == t) {
        Py_RETURN_NONE;  /* a set joined with itself is itself */
    }
    if (types_each((WordTypes *)other, types_add_word, t) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

typedef struct {
    const WordTypes *other;
    Py_ssize_t found;
} Common;

static int
types_count_common(void *arg, const Py_UCS4 *chars, const TypeSlot *slot)
{
    Common *common = arg;
    const WordTypes *o = common->other;
    uint64_t packed = slot->length <= PACKED_CHARS ? slot->key : 0;
    Py_ssize_t at =
        types_find(o, PyUnicode_4BYTE_KIND, chars, 0, slot->length, slot->hash, packed);
    common->found += o->slots[at].length != 0;
    return 0;
}

/* common(other) -> how many words both hold. */
static PyObject *
WordTypes_common(WordTypes *t, PyObject *other)
{
    if (!Py_IS_TYPE(other, &WordTypesType)) {
        PyErr_SetString(PyExc_TypeError, "common: another WordTypes");
        return NULL;
    }
    const WordTypes *o = (const WordTypes *)other, *small = t->size <= o->size ? t : o;
    Common common = {small == t ? o : t, 0};
    types_each(small, types_count_common, &common);
    return PyLong_FromSsize_t(common.found);
}

static int
types_put_word(void *arg, const Py_UCS4 *chars, const TypeSlot *slot)
{
    PyObject *word = PyUnicode_FromKindAndData(PyUnicode_4BYTE_KIND, chars, slot->length);
    int failed = word == NULL || PySet_Add((PyObject *)arg, word) < 0;
    Py_XDECREF(word);
    return failed ? -1 : 0;
}

static PyObject *
WordTypes_words(WordTypes *t, PyObject *Py_UNUSED(ignored))
{
    PyObject *result = PyFrozenSet_New(NULL);
    if (result != NULL && types_each(t, types_put_word, result) < 0) {
        Py_CLEAR(result);
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

static PyTypeObject WordTypesType = {
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

/* What walk_errors adds up over the lines: gold words, the correct ones and predicted words by
 * length bucket, and the predicted words not in the vocabulary. */
typedef struct {
    long long words[MAX_LENGTH_BUCKETS];
    long long correct[MAX_LENGTH_BUCKETS];
    long long pred_words[MAX_LENGTH_BUCKETS];
    long long pred_unknown;
} WordSums;

/* Adds one line's words to sums (its predicted words too, looked up in vocabulary, unless
 * vocabulary is NULL) and its wrong gold words to wrong; returns how many are wrong, or -1 on
 * error. */
/* A merge, counted once: the predicted word [pred_start, pred_end] that holds a gold boundary
 * strictly inside it, and the gold words lying wholly inside it, [first, last], with a space
 * after each but the last (words hold no white space, so the gold words can be told apart). */
static int
tally_merge(WrongWordTally *t, const Walk *w, Py_ssize_t pred_start, Py_ssize_t pred_end,
            Py_ssize_t first, Py_ssize_t last)
{
    Py_ssize_t word_length = pred_end - pred_start + 1, gold_chars = last - first + 1;
    if (codes_reserve(&t->text, word_length + 2 * gold_chars) < 0) {
        return -1;
    }
    Py_UCS4 *text = t->text.chars + t->text.used;
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

/* Where walk_errors stands in the predicted word it is in: whether a gold boundary lies
 * strictly inside it, and the gold words lying wholly inside it so far (first < 0: none). */
typedef struct {
    int gold_inside;
    Py_ssize_t first, last;
} MergeScan;

static Py_ssize_t
walk_errors(const Walk *w, WordSums *sums, PyObject *vocabulary, WrongWordTally *wrong,
            WrongWordTally *merges)
{
    Py_ssize_t errors = 0;
    int common_before = 1, pred_inside = 0;
    MergeScan scan = {0, -1, -1};
    /* A wrong word's cut starts where the predicted word over its first character starts: the
     * last predicted boundary before it, followed as the walk goes (a scan back from each
     * wrong word would be quadratic under one long predicted word). */
    Py_ssize_t start = 0, pred_start = 0, word_pred_start = 0;
    for (Py_ssize_t k = 0; k < w->n; k++) {
        unsigned char code = w->codes[k];
        if (k == start) {
            word_pred_start = pred_start;
        }
        if (!code) {
            continue;
        }
        int common = (code & (GOLD | PRED)) == (GOLD | PRED);
        if (code & GOLD) {
            if (start >= pred_start) {  /* the gold word lies wholly in this predicted word */
                scan.first = scan.first < 0 ? start : scan.first;
                scan.last = k;
            }
            scan.gold_inside |= !(code & PRED);
            Py_ssize_t length = k - start + 1;
            int bucket = length < length_buckets ? (int)length - 1 : length_buckets - 1;
            sums->words[bucket]++;
            if (common && common_before) {
                sums->correct[bucket]++;
            }
            else {
                int error = error_class(w, start, k, pred_inside);
                if (tally_wrong_word(wrong, w, error, start, k, word_pred_start) < 0) {
                    return -1;
                }
                errors++;
            }
            start = k + 1;
            pred_inside = 0;
        }
        else {
            pred_inside = 1;  /* a predicted boundary inside the gold word */
        }
        if ((code & PRED) && vocabulary != NULL) {
            Py_ssize_t length = k - pred_start + 1;
            sums->pred_words[length < length_buckets ? (int)length - 1 : length_buckets - 1]++;
            int unknown = is_unknown_chars(vocabulary, w->chars, pred_start, length);
            if (unknown < 0) {
                return -1;
            }
            sums->pred_unknown += unknown;
        }
        if (code & PRED) {
            if (scan.gold_inside && scan.first >= 0
                && tally_merge(merges, w, pred_start, k, scan.first, scan.last) < 0) {
                return -1;
            }
            scan = (MergeScan){0, -1, -1};
            pred_start = k + 1;
        }
        common_before = common;
    }
    return errors;
}

/* What count_lines gathers beside the records. */
enum { PLAIN = 0, EXTRA = 1, ERRORS = 2, ALL = 3 };

typedef struct {
    int what;
    long long totals[COUNT_FIELDS];
    long long extras[EXTRA_FIELDS];            /* EXTRA and ALL: as walk_extras */
    WordSums sums;                             /* ERRORS and ALL */
    PyObject *vocabulary;                      /* ALL: the predicted words' lookups */
    PyObject *records, *lines;                 /* lines: ERRORS and ALL */
    WrongWordTally *wrong;                     /* ERRORS and ALL */
    WrongWordTally *merges;                    /* ERRORS and ALL */
} Gathered;

static int
append_new(PyObject *list, PyObject *item)
{
    if (item == NULL || PyList_Append(list, item) < 0) {
        Py_XDECREF(item);
        return -1;
    }
    Py_DECREF(item);
    return 0;
}

/* Gathers one line that agrees: its record (number, counts) when it has gold words, with its
 * extras or errors. 0, or -1 on error. */
static int
gather_line(const Walk *w, Py_ssize_t number, Gathered *g)
{
    long long counts[COUNT_FIELDS];
    walk_counts(w, counts);
    if (counts[0] == 0) {
        return 0;  /* a line without gold words has no record and nothing to look at */
    }
    for (int c = 0; c < COUNT_FIELDS; c++) {
        g->totals[c] += counts[c];
    }
    if (append_new(g->records, Py_BuildValue("(nN)", number, long_tuple(counts, COUNT_FIELDS)))
        < 0) {
        return -1;
    }
    if (g->what == EXTRA || g->what == ALL) {
        long long extras[EXTRA_FIELDS];
        walk_extras(w, counts, extras);
        for (int c = 0; c < EXTRA_FIELDS; c++) {
            g->extras[c] += extras[c];
        }
    }
    if (g->what >= ERRORS) {
        Py_ssize_t errors = walk_errors(w, &g->sums, g->vocabulary, g->wrong, g->merges);
        if (errors < 0) {
            return -1;
        }
        if (errors > 0
            && append_new(g->lines, line_errors_record(number, errors, counts[0])) < 0) {
            return -1;
        }
    }
    return 0;
}

/*
 * count_lines(gold_lines, pred_lines, vocabulary, first_number, what): the leading pairs of
 * lines that hold the same characters, each counted on its own as count_block counts a line
 * (up to the first pair that does not). Returns (agreed, records, totals, gathered):
 *   agreed:   how many leading pairs agree (the others are not looked at);
 *   records:  (number, counts) of each of those gold lines with words, numbered from
 *             first_number, counts as count_block's with 0 misaligned lines and characters;
 *   totals:   the sum of those counts;
 *   gathered: with what = 0, None; 1, the lines' extra counts summed (walk_extras); 2
 *             (`wsscore errors`) and 3 (`wsscore report`), (words, correct, wrong, lines,
 *             pred_words, pred_unknown, extras): gold words and correct ones by length bucket;
 *             a WrongWordTally of the wrong gold words, each as (class name, word, the
 *             predicted words over it joined by "/"); (number, wrong gold words, gold words)
 *             of each line with a wrong word; with 3, predicted words by length bucket, those not in the vocabulary and
 *             the lines' extra counts summed (with 2, None for these three); and a
 *             WrongWordTally of the merges, each as ("merged", the predicted word, the gold
 *             words wholly inside it joined by " ").
 * wsscore.core.backend wraps all of these into the named records of wsscore.core.records.
 */
static PyObject *
count_lines(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (!check_configured()) {
        return NULL;
    }
    Py_ssize_t first_number = nargs == 5 ? PyLong_AsSsize_t(args[3]) : -1;
    long what = nargs == 5 ? PyLong_AsLong(args[4]) : -1;
    if (nargs != 5 || !PyList_Check(args[0]) || !PyList_Check(args[1])
        || PyList_GET_SIZE(args[0]) != PyList_GET_SIZE(args[1]) || first_number < 0 || what < 0
        || what > ALL) {
        PyErr_Clear();
        PyErr_SetString(PyExc_TypeError,
                        "count_lines(gold_lines: list[str], pred_lines: list[str] (as many), "
                        "vocabulary, first_number: int >= 0, what: 0, 1, 2 or 3)");
        return NULL;
    }
    Gathered g = {(int)what};
    g.vocabulary = what == ALL ? args[2] : NULL;  /* ERRORS: the predicted words are not counted */
    g.records = PyList_New(0);
    g.wrong = what >= ERRORS ? (WrongWordTally *)PyObject_CallNoArgs((PyObject *)&WrongWordTallyType)
                             : NULL;
    g.merges = what >= ERRORS
                   ? (WrongWordTally *)PyObject_CallNoArgs((PyObject *)&WrongWordTallyType)
                   : NULL;
    g.lines = what >= ERRORS ? PyList_New(0) : NULL;
    int failed = g.records == NULL
                 || (what >= ERRORS && (g.wrong == NULL || g.merges == NULL || g.lines == NULL));
    Py_ssize_t agreed = 0;
    for (; !failed && agreed < PyList_GET_SIZE(args[0]); agreed++) {
        PyObject *gold = PyList_GET_ITEM(args[0], agreed), *pred = PyList_GET_ITEM(args[1], agreed);
        if (!PyUnicode_Check(gold) || !PyUnicode_Check(pred)) {
            PyErr_SetString(PyExc_TypeError, "count_lines: the lines must be str");
            failed = 1;
            break;
        }
        Walk w;
        int agree = walk_equal(gold, pred, args[2], what >= ERRORS, &w);
        if (agree <= 0) {
            failed = agree < 0;
            break;
        }
        failed = gather_line(&w, first_number + agreed, &g) < 0;
        walk_free(&w);
    }
    PyObject *gathered = NULL;
    if (!failed) {
        if (what == PLAIN) {
            gathered = Py_NewRef(Py_None);
        }
        else if (what == EXTRA) {
            gathered = long_tuple(g.extras, EXTRA_FIELDS);
        }
        else if (what == ERRORS) {
            gathered = Py_BuildValue("(NNOOOOOO)", long_tuple(g.sums.words, length_buckets),
                                     long_tuple(g.sums.correct, length_buckets), g.wrong, g.lines,
                                     Py_None, Py_None, Py_None, g.merges);
        }
        else {
            gathered = Py_BuildValue(
                "(NNOONLNO)", long_tuple(g.sums.words, length_buckets),
                long_tuple(g.sums.correct, length_buckets), g.wrong, g.lines,
                long_tuple(g.sums.pred_words, length_buckets), g.sums.pred_unknown,
                long_tuple(g.extras, EXTRA_FIELDS), g.merges);
        }
    }
    PyObject *result = NULL;
    if (gathered != NULL) {
        result = Py_BuildValue("(nONN)", agreed, g.records, long_tuple(g.totals, COUNT_FIELDS),
                               gathered);
    }
    Py_XDECREF(g.records);
    Py_XDECREF(g.wrong);
    Py_XDECREF(g.merges);
    Py_XDECREF(g.lines);
    return result;
}

static PyObject *
count_words(PyObject *module, PyObject *text)
{
    if (!check_configured()) {
        return NULL;
    }
    if (!PyUnicode_Check(text)) {
        PyErr_SetString(PyExc_TypeError, "count_words(text: str)");
        return NULL;
    }
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t length = PyUnicode_GET_LENGTH(text);
    long long words = 0, sentences = 0;
    int in_word = 0, line_has_words = 0;
    for (Py_ssize_t i = 0; i < length; i++) {
        Py_UCS4 c = PyUnicode_READ(kind, data, i);
        if (is_separator(c)) {
            in_word = 0;
            if (c == '\n') {
                sentences += line_has_words;
                line_has_words = 0;
            }
        }
        else if (!in_word) {
            in_word = line_has_words = 1;
            words++;
        }
    }
    sentences += line_has_words;
    return Py_BuildValue("(LL)", words, sentences);
}

/*
 * chars_words(text, numbers, positions): the sentences of a chars text as lines of words, where
 * the text has the plainest shape (each line a character, a tab or space and a label, or
 * blank; no M, I or E where no word is open), exactly as wsscore.core.reference.chars_words
 * reads it. A label is one of B M I E S O, or a key of the dict numbers (a label with a tag),
 * whose position is positions[numbers[label]]. Returns (words text, sentences, longest
 * sentence, lines of each tagged label by number), or None where the text has another shape.
 */

/* The tagged labels met so far, each by a hash of its characters: a file has few, so most
 * lines find theirs here without making a str to look it up in the dict. */
#define LABEL_SLOTS 256
typedef struct {
    PyObject *label; /* NULL: empty */
    Py_ssize_t number;
} LabelSlot;

static int
label_is(PyObject *label, int kind, const void *data, Py_ssize_t start, Py_ssize_t stop)
{
    if (PyUnicode_GET_LENGTH(label) != stop - start) {
        return 0;
    }
    for (Py_ssize_t i = start; i < stop; i++) {
        if (PyUnicode_READ_CHAR(label, i - start) != PyUnicode_READ(kind, data, i)) {
            return 0;
        }
    }
    return 1;
}

/* The position of a label of more than one character, its line counted; 0 where it is none of
 * the tagged labels (or an error is set: then -1). */
static Py_UCS4
tagged_position(PyObject *text, Py_ssize_t start, Py_ssize_t stop, PyObject *numbers,
                PyObject *positions, Py_ssize_t *tagged_read, LabelSlot *slots)
{
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    size_t hash = 0;
    for (Py_ssize_t i = start; i < stop; i++) {
        hash = hash * 31 + PyUnicode_READ(kind, data, i);
    }
    LabelSlot *slot = &slots[hash % LABEL_SLOTS];
    if (slot->label == NULL || !label_is(slot->label, kind, data, start, stop)) {
        if (PyDict_GET_SIZE(numbers) == 0) {
            return 0;
        }
        PyObject *label = PyUnicode_Substring(text, start, stop);
        if (label == NULL) {
            return (Py_UCS4)-1;
        }
        PyObject *number = PyDict_GetItemWithError(numbers, label); /* borrowed */
        if (number == NULL) {
            Py_DECREF(label);
            return PyErr_Occurred() ? (Py_UCS4)-1 : 0;
        }
        Py_ssize_t index = PyLong_AsSsize_t(number);
        if (index < 0 || index >= PyUnicode_GET_LENGTH(positions)) {
            Py_DECREF(label);
            if (!PyErr_Occurred()) {
                PyErr_SetString(PyExc_ValueError, "chars_words: a label's number has no position");
            }
            return (Py_UCS4)-1;
        }
        Py_XSETREF(slot->label, label);
        slot->number = index;
    }
    tagged_read[slot->number]++;
    return PyUnicode_READ_CHAR(positions, slot->number);
}

typedef struct {
    Writer words; /* the words text, in the kind of the input */
    Py_ssize_t sentences, size, longest;
    int word_open; /* after B, M or I: the next line may go on with the word */
} CharsState;

static void
chars_end_sentence(CharsState *state)
{
    if (state->size > 0) {
        writer_put(&state->words, '\n');
        state->sentences++;
        state->longest = state->size > state->longest ? state->size : state->longest;
        state->size = 0;
        state->word_open = 0;
    }
}

/* One labelled character; 0 where the label cannot follow (an M, I or E with no word open)
 * or is no position. */
static int
chars_add(CharsState *state, Py_UCS4 c, Py_UCS4 position)
{
    int starts = position == 'B' || position == 'S' || position == 'O';
    int continues = position == 'M' || position == 'I' || position == 'E';
    if (!starts && !(continues && state->word_open)) {
        return 0;
    }
    if (starts && state->size > 0) {
        writer_put(&state->words, ' ');
    }
    writer_put(&state->words, c);
    state->size++;
    state->word_open = position == 'B' || position == 'M' || position == 'I';
    return 1;
}

static PyObject *
chars_words(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (!check_configured()) {
        return NULL;
    }
    if (nargs != 3 || !PyUnicode_Check(args[0]) || !PyDict_Check(args[1]) ||
        !PyUnicode_Check(args[2])) {
        PyErr_SetString(PyExc_TypeError,
                        "chars_words(text: str, numbers: dict[str, int], positions: str)");
        return NULL;
    }
    PyObject *text = args[0], *numbers = args[1], *positions = args[2];
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t length = PyUnicode_GET_LENGTH(text);
    Py_ssize_t labels = PyUnicode_GET_LENGTH(positions);
    Py_ssize_t *tagged_read = PyMem_Calloc((size_t)labels + 1, sizeof(Py_ssize_t));
    /* Each labelled line of at least 3 characters and a line feed gives at most 2. */
    CharsState state = {{kind, NULL, 0}, 0, 0, 0, 0};
    if (tagged_read == NULL) {
        return PyErr_NoMemory();
    }
    if (writer_open(&state.words, kind, length + 1) < 0) {
        PyMem_Free(tagged_read);
        return NULL;
    }
    LabelSlot slots[LABEL_SLOTS] = {{NULL, 0}};
    int strict = 1;
    for (Py_ssize_t start = 0; strict > 0 && start < length;) {
        Py_ssize_t end = start;
        while (end < length && PyUnicode_READ(kind, data, end) != '\n') {
            end++;
        }
        Py_ssize_t stop = end;
        if (stop > start && PyUnicode_READ(kind, data, stop - 1) == '\r') {
            stop--;
        }
        if (stop == start) { /* a blank line ends the sentence */
            chars_end_sentence(&state);
        }
        else if (stop - start < 3 || is_separator(PyUnicode_READ(kind, data, start)) ||
                 (PyUnicode_READ(kind, data, start + 1) != '\t' &&
                  PyUnicode_READ(kind, data, start + 1) != ' ')) {
            strict = 0;
        }
        else {
            Py_UCS4 position = PyUnicode_READ(kind, data, start + 2);
            if (stop - start > 3) {
                position = tagged_position(text, start + 2, stop, numbers, positions,
                                           tagged_read, slots);
            }
            strict = position == (Py_UCS4)-1 ? -1
                                             : chars_add(&state,
                                                         PyUnicode_READ(kind, data, start),
                                                         position);
        }
        start = end + 1;
    }
    PyObject *result = NULL;
    if (strict > 0) {
        chars_end_sentence(&state); /* the end of the text ends a sentence */
        PyObject *read = PyTuple_New(labels);
        for (Py_ssize_t i = 0; read != NULL && i < labels; i++) {
            PyObject *count = PyLong_FromSsize_t(tagged_read[i]);
            if (count == NULL) {
                Py_CLEAR(read);
                break;
            }
            PyTuple_SET_ITEM(read, i, count);
        }
        PyObject *words = writer_close(&state.words);
        if (words != NULL && read != NULL) {
            result = Py_BuildValue("(NnnN)", words, state.sentences, state.longest, read);
        }
        else {
            Py_XDECREF(words);
            Py_XDECREF(read);
        }
    }
    else if (strict == 0) {
        result = Py_NewRef(Py_None);
    }
    for (int i = 0; i < LABEL_SLOTS; i++) {
        Py_XDECREF(slots[i].label);
    }
    PyMem_Free(state.words.data);
    PyMem_Free(tagged_read);
    return result;
}

/*
 * resample_sums(state, columns, samples): the bootstrap's draws, as random.Random draws them.
 *
 * state is random.Random(seed).getstate()[1] (the Mersenne Twister's 624 words and its
 * position); columns are arrays of integers of any type (array.array), all equally long. Each
 * sample draws len(column) indices, each floor(random() * n) exactly as
 * random.choices(population, k=n) does, and sums every column over them: the result is a list
 * per column of one sum per sample, and the generator's state after the last draw, in the same
 * shape, from which a next call draws the samples that follow (so that samples are drawn a
 * chunk at a time in flat memory). The generator and the double are Python's own (Modules/
 * _randommodule.c), so the C and Python paths draw the very same indices.
 */
#define MT_N 624
#define MT_M 397

typedef struct {
    uint32_t mt[MT_N];
    uint32_t out[MT_N];  /* mt tempered: the words the generator gives, from index on */
    Py_ssize_t index;
} Twister;

/* The tempering of MT19937, word by word into out: a loop the compiler can vectorise. */
static void
twister_temper(Twister *t)
{
    for (int i = 0; i < MT_N; i++) {
        uint32_t y = t->mt[i];
        y ^= (y >> 11);
        y ^= (y << 7) & 0x9d2c5680U;
        y ^= (y << 15) & 0xefc60000U;
        y ^= (y >> 18);
        t->out[i] = y;
    }
}

/* The next 624 words, as Modules/_randommodule.c's genrand_uint32 makes them (its table lookup
 * mag01[y & 1] written as a mask, the same value without a branch or a load). */
static void
twister_refill(Twister *t)
{
    uint32_t *mt = t->mt, y;
    int kk;
    for (kk = 0; kk < MT_N - MT_M; kk++) {
        y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
        mt[kk] = mt[kk + MT_M] ^ (y >> 1) ^ (-(y & 0x1U) & 0x9908b0dfU);
    }
    for (; kk < MT_N - 1; kk++) {
        y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
        mt[kk] = mt[kk + (MT_M - MT_N)] ^ (y >> 1) ^ (-(y & 0x1U) & 0x9908b0dfU);
    }
    y = (mt[MT_N - 1] & 0x80000000U) | (mt[0] & 0x7fffffffU);
    mt[MT_N - 1] = mt[MT_M - 1] ^ (y >> 1) ^ (-(y & 0x1U) & 0x9908b0dfU);
    twister_temper(t);
    t->index = 0;
}

static inline uint32_t
twister_next(Twister *t)
{
    if (t->index >= MT_N) {
        twister_refill(t);
    }
    return t->out[t->index++];
}

/* random.random(): 53 bits from two words. */
static inline double
random_double(uint32_t first, uint32_t second)
{
    return ((first >> 5) * 67108864.0 + (second >> 6)) * (1.0 / 9007199254740992.0);
}

static double
twister_random(Twister *t)
{
    uint32_t first = twister_next(t);
    return random_double(first, twister_next(t));
}

/* k indices, each floor(random() * n) as random.choices takes it. The product is never
 * negative, so the conversion (which truncates) floors it. Pairs of words are read straight
 * from the tempered block while it has them. */
#define DRAWS_AT_ONCE 512

static void
draw_indices(Twister *t, double n, Py_ssize_t *indices, Py_ssize_t k)
{
    Py_ssize_t i = 0;
    while (i < k) {
        if (t->index + 2 > MT_N) {  /* the pair runs over into the next block */
            indices[i++] = (Py_ssize_t)(twister_random(t) * n);
            continue;
        }
        Py_ssize_t pairs = (MT_N - t->index) / 2;
        if (pairs > k - i) {
            pairs = k - i;
        }
        const uint32_t *words = t->out + t->index;
        for (Py_ssize_t p = 0; p < pairs; p++) {
            indices[i + p] = (Py_ssize_t)(random_double(words[2 * p], words[2 * p + 1]) * n);
        }
        t->index += 2 * pairs;
        i += pairs;
    }
}

static int
twister_from_state(Twister *t, PyObject *state)
{
    PyObject *seq = PySequence_Fast(state, "state: a sequence of 625 ints");
    if (seq == NULL) {
        return -1;
    }
    if (PySequence_Fast_GET_SIZE(seq) != MT_N + 1) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "state: 624 words and a position");
        return -1;
    }
    PyObject **items = PySequence_Fast_ITEMS(seq);
    for (int i = 0; i < MT_N; i++) {
        unsigned long word = PyLong_AsUnsignedLong(items[i]);
        if (word == (unsigned long)-1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        t->mt[i] = (uint32_t)word;
    }
    t->index = PyLong_AsSsize_t(items[MT_N]);
    Py_DECREF(seq);
    if (t->index == -1 && PyErr_Occurred()) {
        return -1;
    }
    if (t->index < 0 || t->index > MT_N) {
        PyErr_SetString(PyExc_ValueError, "state: position out of range");
        return -1;
    }
    twister_temper(t);  /* the words from index on, as the generator would give them */
    return 0;
}

/* The generator's state as random.Random(seed).getstate()[1] gives it (its 624 words and its
 * position), which twister_from_state reads back: a next call goes on where this one stopped. */
static PyObject *
twister_state(const Twister *t)
{
    PyObject *state = PyTuple_New(MT_N + 1);
    if (state == NULL) {
        return NULL;
    }
    for (int i = 0; i <= MT_N; i++) {
        PyObject *item = i < MT_N ? PyLong_FromUnsignedLong(t->mt[i])
                                  : PyLong_FromSsize_t(t->index);
        if (item == NULL) {
            Py_DECREF(state);
            return NULL;
        }
        PyTuple_SET_ITEM(state, i, item);
    }
    return state;
}

/* columns as C arrays of long long, all of the same length (set in *length). */
static long long **
read_columns(PyObject *columns, Py_ssize_t *count, Py_ssize_t *length)
{
    PyObject *seq = PySequence_Fast(columns, "columns: a sequence of lists of ints");
    if (seq == NULL) {
        return NULL;
    }
    *count = PySequence_Fast_GET_SIZE(seq);
    long long **out = PyMem_Calloc(*count ? *count : 1, sizeof(long long *));
    if (out == NULL) {
        Py_DECREF(seq);
        PyErr_NoMemory();
        return NULL;
    }
    *length = -1;
    for (Py_ssize_t c = 0; c < *count; c++) {
        PyObject *column = PySequence_Fast(PySequence_Fast_GET_ITEM(seq, c), "a column of ints");
        if (column == NULL) {
            goto fail;
        }
        Py_ssize_t n = PySequence_Fast_GET_SIZE(column);
        if (*length >= 0 && n != *length) {
            Py_DECREF(column);
            PyErr_SetString(PyExc_ValueError, "columns of different lengths");
            goto fail;
        }
        *length = n;
        out[c] = PyMem_Malloc((n ? n : 1) * sizeof(long long));
        if (out[c] == NULL) {
            Py_DECREF(column);
            PyErr_NoMemory();
            goto fail;
        }
        for (Py_ssize_t i = 0; i < n; i++) {
            out[c][i] = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(column, i));
            if (out[c][i] == -1 && PyErr_Occurred()) {
                Py_DECREF(column);
                goto fail;
            }
        }
        Py_DECREF(column);
    }
    Py_DECREF(seq);
    return out;
fail:
    for (Py_ssize_t c = 0; c < *count; c++) {
        PyMem_Free(out[c]);
    }
    PyMem_Free(out);
    Py_DECREF(seq);
    return NULL;
}

/* sums += the rows at these indices. Rows are 32-bit where every count fits (per-sentence
 * counts always do): half the memory, so that the rows of a large test set stay in the cache
 * the random draws go through. The usual widths (3 counts for a system's intervals, 5 for a
 * paired test) get loops of a known length, which the compiler unrolls. */
#define ADD_ROWS(type, width)                                                                   \
    for (Py_ssize_t i = 0; i < k; i++) {                                                      \
        const type *row = (const type *)rows + indices[i] * (width);                          \
        for (Py_ssize_t c = 0; c < (width); c++) {                                            \
            sums[c] += row[c];                                                                \
        }                                                                                     \
    }

#define ADD_ROWS_OF(type)                                                                       \
    switch (count) {                                                                          \
    case 3:                                                                                   \
        ADD_ROWS(type, 3)                                                                     \
        break;                                                                                \
    case 5:                                                                                   \
        ADD_ROWS(type, 5)                                                                     \
        break;                                                                                \
    default:                                                                                  \
        ADD_ROWS(type, count)                                                                 \
    }

static void
add_rows(long long *sums, const void *rows, int narrow, Py_ssize_t count,
         const Py_ssize_t *indices, Py_ssize_t k)
{
    if (narrow) {
        ADD_ROWS_OF(int32_t)
    }
    else {
        ADD_ROWS_OF(long long)
    }
}

/* A column of integers as resample_sums takes it: a buffer (an array.array of any integer
 * type), read where it lies, so that no copy of the column is made beside the rows. */
typedef struct {
    Py_buffer view;
    char code;  /* the type character of the buffer's format */
} IntColumn;

static size_t
int_code_size(char code)
{
    switch (code) {
    case 'b': case 'B': return 1;
    case 'h': case 'H': return sizeof(short);
    case 'i': case 'I': return sizeof(int);
    case 'l': case 'L': return sizeof(long);
    case 'q': case 'Q': return sizeof(long long);
    default: return 0;
    }
}

static int
int_column_open(IntColumn *column, PyObject *obj)
{
    if (PyObject_GetBuffer(obj, &column->view, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0) {
        return -1;
    }
    const char *format = column->view.format != NULL ? column->view.format : "B";
    format += (*format == '@');
    column->code = format[0];
    size_t size = int_code_size(column->code);
    if (size == 0 || format[1] != '\0' || (size_t)column->view.itemsize != size) {
        PyBuffer_Release(&column->view);
        PyErr_SetString(PyExc_TypeError, "a column: an array of integers");
        return -1;
    }
    return 0;
}

/* Cell i, and whether it fits a long long at all (only the widest unsigned types may not). */
static inline long long
int_column_cell(const IntColumn *column, Py_ssize_t i, int *fits)
{
    const void *buf = column->view.buf;
    *fits = 1;
    switch (column->code) {
    case 'b': return ((const signed char *)buf)[i];
    case 'B': return ((const unsigned char *)buf)[i];
    case 'h': return ((const short *)buf)[i];
    case 'H': return ((const unsigned short *)buf)[i];
    case 'i': return ((const int *)buf)[i];
    case 'I': return ((const unsigned int *)buf)[i];
    case 'l': return ((const long *)buf)[i];
    case 'q': return ((const long long *)buf)[i];
    case 'L': {
        unsigned long value = ((const unsigned long *)buf)[i];
        *fits = value <= (unsigned long)LLONG_MAX;
        return (long long)value;
    }
    default: {
        unsigned long long value = ((const unsigned long long *)buf)[i];
        *fits = value <= (unsigned long long)LLONG_MAX;
        return (long long)value;
    }
    }
}

/* Whether every cell fits 32 bits (0), needs 64 (1), or one fits neither (-1, exception set). */
static int
columns_width(const IntColumn *columns, Py_ssize_t count, Py_ssize_t length)
{
    int wide = 0, fits;
    for (Py_ssize_t c = 0; c < count; c++) {
        for (Py_ssize_t i = 0; i < length; i++) {
            long long value = int_column_cell(&columns[c], i, &fits);
            if (!fits) {
                PyErr_SetString(PyExc_OverflowError, "a count does not fit in 64 bits");
                return -1;
            }
            wide |= value < INT32_MIN || value > INT32_MAX;
        }
    }
    return wide;
}

/* The columns side by side, a sentence's counts together (one cache line per draw), 32-bit
 * where they all fit (*narrow set), else 64-bit. */
static void *
side_by_side(const IntColumn *columns, Py_ssize_t count, Py_ssize_t length, int *narrow)
{
    int wide = columns_width(columns, count, length);
    if (wide < 0) {
        return NULL;
    }
    *narrow = !wide;
    size_t cells = length * count > 0 ? (size_t)(length * count) : 1;
    void *rows = PyMem_Malloc(cells * (*narrow ? sizeof(int32_t) : sizeof(long long)));
    if (rows == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    int fits;
    for (Py_ssize_t c = 0; c < count; c++) {
        for (Py_ssize_t i = 0; i < length; i++) {
            long long value = int_column_cell(&columns[c], i, &fits);
            if (*narrow) {
                ((int32_t *)rows)[i * count + c] = (int32_t)value;
            }
            else {
                ((long long *)rows)[i * count + c] = value;
            }
        }
    }
    return rows;
}

/* The rows of a sequence of integer columns, all equally long (*count columns of *length
 * cells), as side_by_side lays them out; NULL with an exception set. */
static void *
rows_of_columns(PyObject *columns, Py_ssize_t *count, Py_ssize_t *length, int *narrow)
{
    PyObject *seq = PySequence_Fast(columns, "columns: a sequence of arrays of integers");
    if (seq == NULL) {
        return NULL;
    }
    *count = PySequence_Fast_GET_SIZE(seq);
    *length = 0;
    void *rows = NULL;
    Py_ssize_t opened = 0;
    IntColumn *views = PyMem_Calloc(*count ? *count : 1, sizeof(IntColumn));
    if (views == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    while (opened < *count) {
        IntColumn *column = &views[opened];
        if (int_column_open(column, PySequence_Fast_GET_ITEM(seq, opened)) < 0) {
            goto done;
        }
        Py_ssize_t n = column->view.len / column->view.itemsize;
        if (opened++ > 0 && n != *length) {
            PyErr_SetString(PyExc_ValueError, "columns of different lengths");
            goto done;
        }
        *length = n;
    }
    rows = side_by_side(views, *count, *length, narrow);
done:
    for (Py_ssize_t c = 0; c < opened; c++) {
        PyBuffer_Release(&views[c].view);
    }
    PyMem_Free(views);
    Py_DECREF(seq);
    return rows;
}

/* Each sample's sums, sample after sample into out (samples x count): plain C, run without the
 * GIL, so that threads resample several systems at once. */
static void
sample_sums(Twister *twister, const void *rows, int narrow, Py_ssize_t count, Py_ssize_t length,
            Py_ssize_t samples, long long *out)
{
    double n = (double)(length > 0 ? length : 0);
    Py_ssize_t indices[DRAWS_AT_ONCE];
    for (Py_ssize_t s = 0; s < samples; s++) {
        long long *sums = out + s * count;
        for (Py_ssize_t done = 0; done < length; done += DRAWS_AT_ONCE) {
            Py_ssize_t k = length - done < DRAWS_AT_ONCE ? length - done : DRAWS_AT_ONCE;
            draw_indices(twister, n, indices, k);
            add_rows(sums, rows, narrow, count, indices, k);
        }
    }
}

/* Per column, a list of its sum in each sample. */
static PyObject *
sums_by_column(const long long *sums, Py_ssize_t count, Py_ssize_t samples)
{
    PyObject *result = PyList_New(count);
    for (Py_ssize_t c = 0; result != NULL && c < count; c++) {
        PyObject *list = PyList_New(samples);
        if (list == NULL) {
            Py_CLEAR(result);
            break;
        }
        PyList_SET_ITEM(result, c, list);
        for (Py_ssize_t s = 0; s < samples; s++) {
            PyObject *value = PyLong_FromLongLong(sums[s * count + c]);
            if (value == NULL) {
                Py_CLEAR(result);
                break;
            }
            PyList_SET_ITEM(list, s, value);
        }
    }
    return result;
}

static PyObject *
resample_sums(PyObject *module, PyObject *args)
{
    PyObject *state, *columns;
    Py_ssize_t samples;
    if (!PyArg_ParseTuple(args, "OOn", &state, &columns, &samples)) {
        return NULL;
    }
    if (samples < 0) {
        PyErr_SetString(PyExc_ValueError, "samples must not be negative");
        return NULL;
    }
    Twister twister;
    if (twister_from_state(&twister, state) < 0) {
        return NULL;
    }
    Py_ssize_t count, length;
    int narrow;
    void *rows = rows_of_columns(columns, &count, &length, &narrow);
    if (rows == NULL) {
        return NULL;
    }
    long long *sums = PyMem_Calloc(samples * count > 0 ? (size_t)(samples * count) : 1,
                                   sizeof(long long));
    PyObject *result = NULL;
    if (sums == NULL) {
        PyErr_NoMemory();
    }
    else {
        Py_BEGIN_ALLOW_THREADS
        sample_sums(&twister, rows, narrow, count, length, samples, sums);
        Py_END_ALLOW_THREADS
        PyObject *by_column = sums_by_column(sums, count, samples);
        PyObject *after = by_column != NULL ? twister_state(&twister) : NULL;
        if (after != NULL) {
            result = PyTuple_Pack(2, by_column, after);
        }
        Py_XDECREF(by_column);
        Py_XDECREF(after);
    }
    PyMem_Free(rows);
    PyMem_Free(sums);
    return result;
}

/* Set bits of a word (portable: not every compiler has a popcount builtin). */
static inline long long
bits_set(uint32_t word)
{
    word = word - ((word >> 1) & 0x55555555U);
    word = (word & 0x33333333U) + ((word >> 2) & 0x33333333U);
    return (long long)((((word + (word >> 4)) & 0x0F0F0F0FU) * 0x01010101U) >> 24);
}

/* The set bits of getrandbits(k), drawing as random.Random does: k <= 32 takes one word shifted
 * right by 32 - k; more takes 32-bit words from the least significant up, the last one shifted
 * right by 32 - its bits. */
static long long
random_bits_set(Twister *t, long long k)
{
    if (k <= 32) {
        return bits_set(twister_next(t) >> (32 - k));
    }
    long long count = 0;
    for (; k > 0; k -= 32) {
        uint32_t word = twister_next(t);
        count += bits_set(k < 32 ? word >> (32 - k) : word);
    }
    return count;
}

/*
 * randomized_moves(state, groups, trials): approximate randomization's swaps. groups holds
 * (size, delta_pp, delta_tp) triples; in each trial a group of k sentences has as many of them
 * swapped as getrandbits(k) has set bits, drawn group after group from a generator in this
 * state (random.Random(seed).getstate()[1]). Returns two lists, one value per trial: the summed
 * swapped * delta_pp and swapped * delta_tp; and the generator's state after the last draw, from
 * which a next call draws the trials that follow.
 */
static PyObject *
randomized_moves(PyObject *module, PyObject *args)
{
    PyObject *state, *groups_obj;
    Py_ssize_t trials;
    if (!PyArg_ParseTuple(args, "OOn", &state, &groups_obj, &trials)) {
        return NULL;
    }
    Twister twister;
    if (twister_from_state(&twister, state) < 0) {
        return NULL;
    }
    Py_ssize_t count, length;
    long long **columns = read_columns(groups_obj, &count, &length);
    if (columns == NULL) {
        return NULL;
    }
    PyObject *moved_pp = NULL, *moved_tp = NULL, *after = NULL, *result = NULL;
    if (count != 3) {
        PyErr_SetString(PyExc_ValueError, "groups: sizes, delta_pp and delta_tp");
        goto done;
    }
    for (Py_ssize_t g = 0; g < length; g++) {
        if (columns[0][g] < 1) {
            PyErr_SetString(PyExc_ValueError, "group sizes must be at least 1");
            goto done;
        }
    }
    moved_pp = PyList_New(trials);
    moved_tp = PyList_New(trials);
    if (moved_pp == NULL || moved_tp == NULL) {
        goto done;
    }
    for (Py_ssize_t t = 0; t < trials; t++) {
        long long pp = 0, tp = 0;
        for (Py_ssize_t g = 0; g < length; g++) {
            long long swapped = random_bits_set(&twister, columns[0][g]);
            pp += swapped * columns[1][g];
            tp += swapped * columns[2][g];
        }
        PyObject *a = PyLong_FromLongLong(pp), *b = PyLong_FromLongLong(tp);
        if (a == NULL || b == NULL) {
            Py_XDECREF(a);
            Py_XDECREF(b);
            goto done;
        }
        PyList_SET_ITEM(moved_pp, t, a);
        PyList_SET_ITEM(moved_tp, t, b);
    }
    after = twister_state(&twister);
    if (after != NULL) {
        result = PyTuple_Pack(3, moved_pp, moved_tp, after);
    }
done:
    Py_XDECREF(moved_pp);
    Py_XDECREF(moved_tp);
    Py_XDECREF(after);
    for (Py_ssize_t c = 0; c < count; c++) {
        PyMem_Free(columns[c]);
    }
    PyMem_Free(columns);
    return result;
}


/* ---- CoNLL-U: plain sentences as lines of words ----------------------------------------------
 *
 * conllu_words(text, start, max_chars) is wsscore.core.conllu_scan.scan_conllu_words: from
 * start, each sentence (its lines up to and including the next empty line, or line of only
 * "\r") that holds only
 * comment lines and word lines with ten columns, numbered 1, 2, 3..., whose FORM is printable
 * without a space, becomes a line of its FORMs; the scan stops at the first other sentence,
 * or at one whose end the text does not reach. The FORMs are copied as they are (same kind of
 * str), so the result is a new str of at most the text's length. */

#define CONLLU_TABS 9           /* ten columns */
#define CONLLU_MAX_DIGITS 24    /* of a word's ID: more than a sentence of Py_ssize_t words */

enum { SENTENCE_DONE, SENTENCE_UNFINISHED, SENTENCE_REFUSED };

/* Whether each character of the Basic Multilingual Plane is printable (str.isprintable), a bit
 * each, filled at the first call: a table lookup instead of a call per character. */
static uint32_t printable_bits[BMP_SIZE / 32];
static int printable_filled = 0;

static void
fill_printable_bits(void)
{
    for (Py_UCS4 ch = 0; ch < BMP_SIZE; ch++) {
        if (Py_UNICODE_ISPRINTABLE(ch)) {
            printable_bits[ch >> 5] |= (uint32_t)1 << (ch & 31);
        }
    }
    printable_filled = 1;
}

/* A FORM's character as the line reader takes it unchanged: printable, not a space. */
static inline int
plain_form_char(Py_UCS4 ch)
{
    if (ch < 0x80) {
        return ch > 0x20 && ch < 0x7F;
    }
    if (ch < BMP_SIZE) {
        return (printable_bits[ch >> 5] >> (ch & 31)) & 1;
    }
    return Py_UNICODE_ISPRINTABLE(ch);
}

/* The next ID, as decimal text: "9" becomes "10". */
static void
next_id(char *digits, int *length)
{
    int i = *length - 1;
    while (i >= 0 && digits[i] == '9') {
        digits[i--] = '0';
    }
    if (i >= 0) {
        digits[i]++;
        return;
    }
    memmove(digits + 1, digits, (size_t)*length);
    digits[0] = '1';
    (*length)++;
}

typedef struct {
    int kind;
    const void *data;
    Py_ssize_t length;
    Writer words;         /* the words found, in the text's kind */
    Py_ssize_t max_chars;
} ConlluScan;

/* A line from at: where its line feed is (-1: none), its tabs and where the first two are. */
typedef struct {
    Py_ssize_t end;
    Py_ssize_t tabs;
    Py_ssize_t first_tab;
    Py_ssize_t second_tab;
} LineShape;

/* The loop of line_shape for one kind of str (CHAR: its code unit type). */
#define LINE_SHAPE_LOOP(CHAR)                                                                  \
    do {                                                                                       \
        const CHAR *chars = (const CHAR *)scan->data;                                          \
        for (Py_ssize_t i = at; i < scan->length; i++) {                                       \
            if (chars[i] == '\n') {                                                            \
                shape.end = i;                                                                 \
                break;                                                                         \
            }                                                                                  \
            if (chars[i] == '\t') {                                                            \
                if (shape.tabs == 0) {                                                         \
                    shape.first_tab = i;                                                       \
                }                                                                              \
                else if (shape.tabs == 1) {                                                    \
                    shape.second_tab = i;                                                      \
                }                                                                              \
                shape.tabs++;                                                                  \
            }                                                                                  \
        }                                                                                      \
    } while (0)

static LineShape
line_shape(const ConlluScan *scan, Py_ssize_t at)
{
    LineShape shape = {-1, 0, -1, -1};
    if (scan->kind == PyUnicode_1BYTE_KIND) {
        LINE_SHAPE_LOOP(Py_UCS1);
    }
    else if (scan->kind == PyUnicode_2BYTE_KIND) {
        LINE_SHAPE_LOOP(Py_UCS2);
    }
    else {
        LINE_SHAPE_LOOP(Py_UCS4);
    }
    return shape;
}

/* Whether a word line's ID (from at to its first tab) is the expected one, as text. */
static int
is_expected_id(const ConlluScan *scan, Py_ssize_t at, const LineShape *shape,
               const char *expected, int expected_length)
{
    if (shape->first_tab - at != expected_length) {
        return 0;
    }
    for (int i = 0; i < expected_length; i++) {
        if (PyUnicode_READ(scan->kind, scan->data, at + i) != (Py_UCS4)expected[i]) {
            return 0;
        }
    }
    return 1;
}

/* Appends a word line's FORM to out (a space before all but the first); 0 where it is not
 * plain. */
static int
copy_form(ConlluScan *scan, const LineShape *shape, int first)
{
    Py_ssize_t from = shape->first_tab + 1, to = shape->second_tab;
    if (to == from) {
        return 0;
    }
    for (Py_ssize_t i = from; i < to; i++) {
        if (!plain_form_char(PyUnicode_READ(scan->kind, scan->data, i))) {
            return 0;
        }
    }
    if (!first) {
        writer_put(&scan->words, ' ');
    }
    writer_copy(&scan->words, scan->data, from, to);
    return 1;
}

/* One sentence from *at: on SENTENCE_DONE, *at is after its empty line, *lines counts its lines
 * and its words are in out; otherwise out is left as it was. */
static int
scan_sentence(ConlluScan *scan, Py_ssize_t *at, Py_ssize_t *lines, int *has_words)
{
    Py_ssize_t position = *at, count = 0, size = 0, read = 0, written = scan->words.length;
    char expected[CONLLU_MAX_DIGITS + 1] = "1";
    int expected_length = 1;
    for (;;) {
        LineShape shape = line_shape(scan, position);
        if (shape.end < 0) {
            scan->words.length = written;
            return SENTENCE_UNFINISHED;
        }
        read++;
        Py_ssize_t start = position;
        position = shape.end + 1;
        if (shape.end == start ||
            (shape.end == start + 1 && PyUnicode_READ(scan->kind, scan->data, start) == '\r')) {
            break; /* an empty line, or the "\r" of one ended with "\r\n": the sentence's end */
        }
        if (PyUnicode_READ(scan->kind, scan->data, start) == '#') {
            continue;
        }
        if (shape.tabs != CONLLU_TABS || expected_length > CONLLU_MAX_DIGITS - 1 ||
            !is_expected_id(scan, start, &shape, expected, expected_length) ||
            !copy_form(scan, &shape, count == 0)) {
            scan->words.length = written;
            return SENTENCE_REFUSED;
        }
        size += shape.second_tab - shape.first_tab - 1;
        if (size > scan->max_chars) {
            scan->words.length = written;
            return SENTENCE_REFUSED;
        }
        count++;
        next_id(expected, &expected_length);
    }
    if (count) {
        writer_put(&scan->words, '\n');
    }
    *at = position;
    *lines = read;
    *has_words = count > 0;
    return SENTENCE_DONE;
}

static PyObject *
conllu_words(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 3 || !PyUnicode_Check(args[0])) {
        PyErr_SetString(PyExc_TypeError, "conllu_words(text, start, max_chars)");
        return NULL;
    }
    Py_ssize_t start = PyLong_AsSsize_t(args[1]);
    Py_ssize_t max_chars = PyLong_AsSsize_t(args[2]);
    if ((start == -1 || max_chars == -1) && PyErr_Occurred()) {
        return NULL;
    }
    if (!printable_filled) {
        fill_printable_bits();
    }
    PyObject *text = args[0];
    int kind = PyUnicode_KIND(text);
    ConlluScan scan = {kind, PyUnicode_DATA(text), PyUnicode_GET_LENGTH(text), {kind, NULL, 0},
                       max_chars};
    if (start < 0 || start > scan.length) {
        PyErr_SetString(PyExc_ValueError, "start is outside the text");
        return NULL;
    }
    if (writer_open(&scan.words, scan.kind, scan.length - start + 1) < 0) {
        return NULL;
    }
    Py_ssize_t position = start, lines = 0, sentences = 0;
    int outcome = SENTENCE_DONE;
    while (position < scan.length) {
        Py_ssize_t read = 0;
        int has_words = 0;
        outcome = scan_sentence(&scan, &position, &read, &has_words);
        if (outcome != SENTENCE_DONE) {
            break;
        }
        lines += read;
        sentences += has_words;
    }
    PyObject *words = writer_close(&scan.words);
    if (words == NULL) {
        return NULL;
    }
    return Py_BuildValue("(NnnnO)", words, sentences, lines, position,
                         outcome == SENTENCE_REFUSED ? Py_True : Py_False);
}

/* --- the sighan layout: blocks of lines whose characters agree ----------------------------
 * The C of wsscore.core.side_by_side.agreeing_blocks, its reference: GNU diff -y's rows in the
 * C locale, width 130, and the Perl score script's block around them. */

#define SDIFF_TAB 8
#define SDIFF_HALF_WIDTH 61
#define SDIFF_COLUMN2 64
#define SDIFF_SEPARATOR_COLUMN ((SDIFF_HALF_WIDTH + SDIFF_COLUMN2 - 1) / 2)

typedef struct {
    char *data;
    Py_ssize_t len, cap;
} OutBuffer;

static int
out_reserve(OutBuffer *out, Py_ssize_t more)
{
    if (out->len + more <= out->cap) {
        return 0;
    }
    Py_ssize_t cap = out->cap ? out->cap : 1 << 16;
    while (cap < out->len + more) {
        cap *= 2;
    }
    char *data = PyMem_Realloc(out->data, (size_t)cap);
    if (data == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    out->data = data;
    out->cap = cap;
    return 0;
}

static int
out_put(OutBuffer *out, const char *bytes, Py_ssize_t n)
{
    if (out_reserve(out, n) < 0) {
        return -1;
    }
    memcpy(out->data + out->len, bytes, (size_t)n);
    out->len += n;
    return 0;
}

static inline int
out_byte(OutBuffer *out, char c)
{
    if (out->len < out->cap) {  /* the usual case, without a call */
        out->data[out->len++] = c;
        return 0;
    }
    return out_put(out, &c, 1);
}

/* diff's tab_from_to without -t: tabs while a whole tab stop fits, then spaces. */
static int
tab_from_to(OutBuffer *out, int start, int to)
{
    int tab = start + SDIFF_TAB - start % SDIFF_TAB;
    for (; tab <= to; tab += SDIFF_TAB) {
        if (out_byte(out, '\t') < 0) {
            return -1;
        }
        start = tab;
    }
    for (; start < to; start++) {
        if (out_byte(out, ' ') < 0) {
            return -1;
        }
    }
    return to;
}

/* diff's print_half_line in the C locale (see _half_line): the last output column, or -1. */
static int
half_line(OutBuffer *out, const unsigned char *text, Py_ssize_t n, int indent, int bound)
{
    /* A word without control bytes whose printable ASCII fits is printed whole, its column
     * after that ASCII (every other byte has no width): most words, copied at once. */
    Py_ssize_t printable = 0, k = 0;
    for (; k < n && text[k] >= 0x20; k++) {
        printable += text[k] < 0x7F;
    }
    if (k == n && printable <= bound) {
        return out_put(out, (const char *)text, n) < 0 ? -1 : (int)printable;
    }
    int in_pos = 0, out_pos = 0;
    for (Py_ssize_t k = 0; k < n; k++) {
        unsigned char c = text[k];
        int failed = 0;
        if (c >= 0x20 && c < 0x7F) {
            if (in_pos < bound) {
                out_pos = in_pos + 1;
                failed = out_byte(out, (char)c);
            }
            in_pos++;
        } else if (c == 0x09) {
            int spaces = SDIFF_TAB - in_pos % SDIFF_TAB;
            if (in_pos == out_pos && out_pos + spaces < bound) {
                out_pos += spaces;
                failed = out_byte(out, (char)c);
            }
            in_pos += spaces;
        } else if (c == 0x0D) {
            failed = out_byte(out, (char)c) < 0 || tab_from_to(out, 0, indent) < 0;
            in_pos = out_pos = 0;
        } else if (c == 0x08) {
            if (in_pos != 0) {
                in_pos--;
                if (in_pos < bound) {
                    for (; out_pos < in_pos && !failed; out_pos++) {  /* a suppressed tab */
                        failed = out_byte(out, ' ');
                    }
                    if (out_pos > in_pos) {
                        failed = out_byte(out, (char)c);
                    }
                    out_pos = in_pos;
                }
            }
        } else if (c == 0x0A) {
            return out_pos;
        } else if (c == 0x00 || c == 0x0B || c == 0x0C) {
            if (in_pos < bound) {
                failed = out_byte(out, (char)c);
            }
        } else if (in_pos <= bound) {
            out_pos = in_pos;
            failed = out_byte(out, (char)c);
        }
        if (failed) {
            return -1;
        }
    }
    return out_pos;
}

/* diff's print_1sdiff_line for one-word lines (see render_row); NULL: no word. */
static int
render_row(OutBuffer *out, const char *gold, Py_ssize_t gold_len, const char *test,
           Py_ssize_t test_len)
{
    char separator;
    if (gold != NULL && test != NULL) {
        separator = gold_len == test_len && memcmp(gold, test, (size_t)gold_len) == 0 ? ' ' : '|';
    } else {
        separator = test == NULL ? '<' : '>';
    }
    int column = 0;
    if (gold != NULL) {
        column = half_line(out, (const unsigned char *)gold, gold_len, 0, SDIFF_HALF_WIDTH);
        if (column < 0) {
            return -1;
        }
    }
    if (separator != ' ') {
        if (tab_from_to(out, column, SDIFF_SEPARATOR_COLUMN) < 0 || out_byte(out, separator) < 0) {
            return -1;
        }
        column = SDIFF_SEPARATOR_COLUMN + 1;
    }
    if (test != NULL && test_len > 0) {
        column = tab_from_to(out, column, SDIFF_COLUMN2);
        if (column < 0 ||
            half_line(out, (const unsigned char *)test, test_len, column, SDIFF_HALF_WIDTH) < 0) {
            return -1;
        }
    }
    return out_byte(out, '\n');
}

static void
format_rate(char *text, size_t size, long long numerator, long long denominator)
{
    if (denominator == 0) {
        snprintf(text, size, "--");
    } else {
        snprintf(text, size, "%2.3f", (double)numerator / (double)denominator);
    }
}

/* The figures that close a block (see block_figures), each side's correct words as many. */
static int
block_figures(OutBuffer *out, long long gold_words, long long pred_words, long long correct,
              long long substitutions)
{
    long long insertions = pred_words - correct - substitutions;
    long long deletions = gold_words - correct - substitutions;
    char recall[64], precision[64], text[512];
    format_rate(recall, sizeof recall, correct, gold_words);
    format_rate(precision, sizeof precision, correct, pred_words);
    int n = snprintf(text, sizeof text,
                     "INSERTIONS:\t%lld\nDELETIONS:\t%lld\nSUBSTITUTIONS:\t%lld\nNCHANGE:\t%lld\n"
                     "NTRUTH:\t%lld\nNTEST:\t%lld\nTRUE WORDS RECALL:\t%s\n"
                     "TEST WORDS PRECISION:\t%s\n",
                     insertions, deletions, substitutions, insertions + deletions + substitutions,
                     gold_words, pred_words, recall, precision);
    return out_put(out, text, n);
}

typedef struct {
    const char **starts;
    Py_ssize_t *lengths;
    Py_ssize_t count, cap;
} WordList;

/* The words of a line, separated by one space each. */
static int
split_spaced(WordList *words, const char *line, Py_ssize_t n)
{
    words->count = 0;
    const char *end = line + n;
    for (;;) {
        const char *space = memchr(line, ' ', (size_t)(end - line));
        const char *word_end = space != NULL ? space : end;
        if (words->count == words->cap) {
            Py_ssize_t cap = words->cap ? words->cap * 2 : 256;
            const char **starts = PyMem_Realloc(words->starts, (size_t)cap * sizeof *starts);
            if (starts == NULL) {
                PyErr_NoMemory();
                return -1;
            }
            words->starts = starts;
            Py_ssize_t *lengths = PyMem_Realloc(words->lengths, (size_t)cap * sizeof *lengths);
            if (lengths == NULL) {
                PyErr_NoMemory();
                return -1;
            }
            words->lengths = lengths;
            words->cap = cap;
        }
        words->starts[words->count] = line;
        words->lengths[words->count++] = word_end - line;
        if (space == NULL) {
            return 0;
        }
        line = space + 1;
    }
}

static int
not_agreeing(void)
{
    PyErr_SetString(PyExc_ValueError, "the lines do not hold the same characters");
    return -1;
}

/* Where the wrong words starting together at gold word *i and predicted word *j end (see
 * _stretch_end); -1 with an error when the lines do not agree. */
static int
stretch_end(const WordList *gold, const WordList *pred, Py_ssize_t *i, Py_ssize_t *j)
{
    Py_ssize_t gold_at = 0, pred_at = 0;
    for (;;) {
        if (gold_at == pred_at) {
            if (*i == gold->count) {
                return *j == pred->count ? 0 : not_agreeing();
            }
            if (*j == pred->count) {
                return not_agreeing();
            }
            if (gold_at != 0 && gold->lengths[*i] == pred->lengths[*j]) {
                return 0;
            }
            gold_at += gold->lengths[(*i)++];
            pred_at += pred->lengths[(*j)++];
        } else if (gold_at < pred_at) {
            if (*i == gold->count) {
                return not_agreeing();
            }
            gold_at += gold->lengths[(*i)++];
        } else {
            if (*j == pred->count) {
                return not_agreeing();
            }
            pred_at += pred->lengths[(*j)++];
        }
    }
}

/* The facing wrong words of a stretch: pairs, then the rest alone; how many pairs, or -1. */
static Py_ssize_t
stretch_rows(OutBuffer *out, const WordList *gold, const WordList *pred, Py_ssize_t i,
             Py_ssize_t gold_end, Py_ssize_t j, Py_ssize_t pred_end)
{
    Py_ssize_t pairs = 0;
    for (; i < gold_end || j < pred_end; i++, j++) {
        const char *g = i < gold_end ? gold->starts[i] : NULL;
        const char *p = j < pred_end ? pred->starts[j] : NULL;
        Py_ssize_t g_len = g != NULL ? gold->lengths[i] : 0;
        Py_ssize_t p_len = p != NULL ? pred->lengths[j] : 0;
        pairs += g != NULL && p != NULL;
        if (render_row(out, g, g_len, p, p_len) < 0) {
            return -1;
        }
    }
    return pairs;
}

/* The rows and figures of one sentence (see _agreeing_rows). */
static int
agreeing_rows(OutBuffer *out, const WordList *gold, const WordList *pred)
{
    Py_ssize_t i = 0, j = 0;
    long long correct = 0, substitutions = 0;
    while (i < gold->count) {
        if (j == pred->count) {
            return not_agreeing();
        }
        if (gold->lengths[i] == pred->lengths[j]) {
            if (render_row(out, gold->starts[i], gold->lengths[i], pred->starts[j],
                           pred->lengths[j]) < 0) {
                return -1;
            }
            correct++;
            i++;
            j++;
            continue;
        }
        Py_ssize_t gold_end = i, pred_end = j;
        if (stretch_end(gold, pred, &gold_end, &pred_end) < 0) {
            return -1;
        }
        Py_ssize_t pairs = stretch_rows(out, gold, pred, i, gold_end, j, pred_end);
        if (pairs < 0) {
            return -1;
        }
        substitutions += pairs;
        i = gold_end;
        j = pred_end;
    }
    return block_figures(out, gold->count, pred->count, correct, substitutions);
}

/* Every block of the lines of gold and pred (see agreeing_blocks). */
static int
write_agreeing_blocks(OutBuffer *out, const char *gold, Py_ssize_t gold_len, const char *pred,
                      Py_ssize_t pred_len, long long number, const char *header, Py_ssize_t header_len,
                      WordList *gold_words, WordList *pred_words)
{
    const char *gold_end = gold + gold_len, *pred_end = pred + pred_len;
    for (;; number++) {
        const char *gold_feed = memchr(gold, '\n', (size_t)(gold_end - gold));
        const char *pred_feed = memchr(pred, '\n', (size_t)(pred_end - pred));
        if ((gold_feed == NULL) != (pred_feed == NULL)) {
            PyErr_SetString(PyExc_ValueError, "the gold and the prediction differ in lines");
            return -1;
        }
        const char *gold_line_end = gold_feed != NULL ? gold_feed : gold_end;
        const char *pred_line_end = pred_feed != NULL ? pred_feed : pred_end;
        if (gold_line_end > gold) {
            char number_text[32];
            int n = snprintf(number_text, sizeof number_text, "%lld\n", number);
            if (out_put(out, header, header_len) < 0 || out_put(out, number_text, n) < 0 ||
                split_spaced(gold_words, gold, gold_line_end - gold) < 0 ||
                split_spaced(pred_words, pred, pred_line_end - pred) < 0 ||
                agreeing_rows(out, gold_words, pred_words) < 0) {
                return -1;
            }
        }
        if (gold_feed == NULL) {
            return 0;
        }
        gold = gold_feed + 1;
        pred = pred_feed + 1;
    }
}

static PyObject *
sighan_blocks(PyObject *Py_UNUSED(module), PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError,
                        "sighan_blocks(gold, pred, first, gold_name, test_name) takes 5 arguments");
        return NULL;
    }
    for (int k = 0; k < 5; k++) {
        if (k != 2 && !PyBytes_Check(args[k])) {
            PyErr_SetString(PyExc_TypeError, "sighan_blocks: the texts and names are bytes");
            return NULL;
        }
    }
    long long first = PyLong_AsLongLong(args[2]);
    if (first == -1 && PyErr_Occurred()) {
        return NULL;
    }
    PyObject *header = PyBytes_FromFormat("--%s-------%s----", PyBytes_AS_STRING(args[3]),
                                          PyBytes_AS_STRING(args[4]));
    if (header == NULL) {
        return NULL;
    }
    OutBuffer out = {NULL, 0, 0};
    WordList gold_words = {NULL, NULL, 0, 0}, pred_words = {NULL, NULL, 0, 0};
    PyObject *result = NULL;
    if (write_agreeing_blocks(&out, PyBytes_AS_STRING(args[0]), PyBytes_GET_SIZE(args[0]),
                              PyBytes_AS_STRING(args[1]), PyBytes_GET_SIZE(args[1]), first,
                              PyBytes_AS_STRING(header), PyBytes_GET_SIZE(header), &gold_words,
                              &pred_words) == 0) {
        result = PyBytes_FromStringAndSize(out.data != NULL ? out.data : "", out.len);
    }
    Py_DECREF(header);
    PyMem_Free(out.data);
    PyMem_Free(gold_words.starts);
    PyMem_Free(gold_words.lengths);
    PyMem_Free(pred_words.starts);
    PyMem_Free(pred_words.lengths);
    return result;
}


/* A line's words in UTF-8, one space between each (separators as configured), appended to
 * out; *bad is set by a surrogate, which UTF-8 cannot hold (a byte kept undecoded). */
static int
spaced_utf8(OutBuffer *out, PyObject *line, int *bad)
{
    int kind = PyUnicode_KIND(line);
    const void *data = PyUnicode_DATA(line);
    Py_ssize_t n = PyUnicode_GET_LENGTH(line);
    int in_word = 0, words = 0;
    if (out_reserve(out, 4 * n + 1) < 0) {
        return -1;
    }
    char *to = out->data + out->len;
    for (Py_ssize_t k = 0; k < n; k++) {
        Py_UCS4 c = PyUnicode_READ(kind, data, k);
        if (is_separator(c)) {
            in_word = 0;
            continue;
        }
        if (!in_word && words++ > 0) {
            *to++ = ' ';
        }
        in_word = 1;
        if (c < 0x80) {
            *to++ = (char)c;
        } else if (c < 0x800) {
            *to++ = (char)(0xC0 | (c >> 6));
            *to++ = (char)(0x80 | (c & 0x3F));
        } else if (c >= 0xD800 && c <= 0xDFFF) {
            *bad = 1;
        } else if (c < 0x10000) {
            *to++ = (char)(0xE0 | (c >> 12));
            *to++ = (char)(0x80 | ((c >> 6) & 0x3F));
            *to++ = (char)(0x80 | (c & 0x3F));
        } else {
            *to++ = (char)(0xF0 | (c >> 18));
            *to++ = (char)(0x80 | ((c >> 12) & 0x3F));
            *to++ = (char)(0x80 | ((c >> 6) & 0x3F));
            *to++ = (char)(0x80 | (c & 0x3F));
        }
    }
    out->len = to - out->data;
    return 0;
}

/* Whether two spaced texts hold the same bytes but for their spaces. */
static int
same_but_spaces(const char *a, Py_ssize_t a_len, const char *b, Py_ssize_t b_len)
{
    Py_ssize_t i = 0, j = 0;
    for (;;) {
        while (i < a_len && a[i] == ' ') {
            i++;
        }
        while (j < b_len && b[j] == ' ') {
            j++;
        }
        if (i == a_len || j == b_len) {
            return i == a_len && j == b_len;
        }
        if (a[i++] != b[j++]) {
            return 0;
        }
    }
}

/* The blocks of the leading pairs of lines that agree (see agreeing_utf8_lines); how many
 * agree, -1 with an error, or -2 where a line cannot be written in UTF-8. */
static Py_ssize_t
write_utf8_lines(OutBuffer *out, PyObject *gold_lines, PyObject *pred_lines, long long first,
                 PyObject *header, OutBuffer *gold, OutBuffer *pred)
{
    Py_ssize_t count = PyList_GET_SIZE(gold_lines);
    WordList gold_words = {NULL, NULL, 0, 0}, pred_words = {NULL, NULL, 0, 0};
    Py_ssize_t k = 0, status = 0;
    for (; k < count && status == 0; k++) {
        PyObject *g = PyList_GET_ITEM(gold_lines, k), *p = PyList_GET_ITEM(pred_lines, k);
        if (!PyUnicode_Check(g) || !PyUnicode_Check(p)) {
            PyErr_SetString(PyExc_TypeError, "sighan_utf8_lines: the lines are str");
            status = -1;
            break;
        }
        int bad = 0;
        gold->len = pred->len = 0;
        if (spaced_utf8(gold, g, &bad) < 0 || spaced_utf8(pred, p, &bad) < 0) {
            status = -1;
            break;
        }
        if (bad) {
            status = -2;
            break;
        }
        if (!same_but_spaces(gold->data, gold->len, pred->data, pred->len)) {
            break;
        }
        if (gold->len == 0) {
            continue;
        }
        char number[32];
        int n = snprintf(number, sizeof number, "%lld\n", first + k);
        if (out_put(out, PyBytes_AS_STRING(header), PyBytes_GET_SIZE(header)) < 0 ||
            out_put(out, number, n) < 0 || split_spaced(&gold_words, gold->data, gold->len) < 0 ||
            split_spaced(&pred_words, pred->data, pred->len) < 0 ||
            agreeing_rows(out, &gold_words, &pred_words) < 0) {
            status = -1;
        }
    }
    PyMem_Free(gold_words.starts);
    PyMem_Free(gold_words.lengths);
    PyMem_Free(pred_words.starts);
    PyMem_Free(pred_words.lengths);
    return status < 0 ? status : k;
}

static PyObject *
sighan_utf8_lines(PyObject *Py_UNUSED(module), PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 5 || !PyList_Check(args[0]) || !PyList_Check(args[1]) ||
        !PyBytes_Check(args[3]) || !PyBytes_Check(args[4])) {
        PyErr_SetString(PyExc_TypeError, "sighan_utf8_lines(gold_lines, pred_lines, first, "
                                         "gold_name, test_name): two lists and two bytes");
        return NULL;
    }
    if (PyList_GET_SIZE(args[0]) != PyList_GET_SIZE(args[1])) {
        PyErr_SetString(PyExc_ValueError, "the gold and the prediction differ in lines");
        return NULL;
    }
    if (!configured) {
        PyErr_SetString(PyExc_RuntimeError, "wsscore._speedups is not configured");
        return NULL;
    }
    long long first = PyLong_AsLongLong(args[2]);
    if (first == -1 && PyErr_Occurred()) {
        return NULL;
    }
    PyObject *header = PyBytes_FromFormat("--%s-------%s----", PyBytes_AS_STRING(args[3]),
                                          PyBytes_AS_STRING(args[4]));
    if (header == NULL) {
        return NULL;
    }
    OutBuffer out = {NULL, 0, 0}, gold = {NULL, 0, 0}, pred = {NULL, 0, 0};
    PyObject *result = NULL;
    Py_ssize_t agreed = write_utf8_lines(&out, args[0], args[1], first, header, &gold, &pred);
    if (agreed == -2) {
        result = Py_NewRef(Py_None);
    } else if (agreed >= 0) {
        result = Py_BuildValue("(ny#)", agreed, out.data != NULL ? out.data : "", out.len);
    }
    Py_DECREF(header);
    PyMem_Free(out.data);
    PyMem_Free(gold.data);
    PyMem_Free(pred.data);
    return result;
}

/*
 * read_tagged_block(text, sep, with_tags) and read_jsonl_block(text): a block of whole lines of
 * a tagged or JSON Lines file read at once, under strict rules that cover the common shapes
 * exactly (wsscore/core/blocks.py is their plain Python reference, and says the rules). They
 * return (words, tags or None, sentences, tagged tokens), or None for a block the rules do not
 * cover: the format's own reader then reads it, and says what is wrong if anything is.
 */
/* White space to the strict rules: a separator, or one that str.split() splits on. */
static inline int
is_white_space(Py_UCS4 c)
{
    return is_separator(c) || (c >= 0x1c && c <= 0x1f);
}

/* Whether text[i] ends a line: a line feed or the end of the text (so that a carriage return
 * before it, as Windows ends lines, is white space there). */
static inline int
ends_line(int kind, const void *data, Py_ssize_t i, Py_ssize_t length)
{
    return i >= length || PyUnicode_READ(kind, data, i) == '\n';
}

static PyObject *
block_result(Writer *words, Writer *tags, Py_ssize_t sentences, Py_ssize_t tagged)
{
    PyObject *words_text = writer_close(words);
    PyObject *tags_text = tags->data != NULL ? writer_close(tags) : Py_NewRef(Py_None);
    PyObject *result = NULL;
    if (words_text != NULL && tags_text != NULL) {
        result = Py_BuildValue("(OOnn)", words_text, tags_text, sentences, tagged);
    }
    Py_XDECREF(words_text);
    Py_XDECREF(tags_text);
    return result;
}

/* The token text[start:end], split at its last sep (last_sep) and holding a "]" after it when
 * last_bracket > last_sep, written out as word and tag; 0 when it is not word + sep + tag under
 * the strict rules. */
static int
tagged_token(const void *data, int kind, Py_ssize_t start, Py_ssize_t end, Py_ssize_t last_sep,
             Py_ssize_t last_bracket, Writer *words, Writer *tags)
{
    if (PyUnicode_READ(kind, data, start) == '[' || last_sep <= start || last_sep == end - 1
        || last_bracket > last_sep) {
        return 0;
    }
    writer_copy(words, data, start, last_sep);
    if (tags->data != NULL) {
        writer_copy(tags, data, last_sep + 1, end);
    }
    return 1;
}

static PyObject *
read_tagged_block(PyObject *module, PyObject *args)
{
    PyObject *text;
    Py_UCS4 sep;
    int with_tags;
    if (!check_configured() || !PyArg_ParseTuple(args, "UCp", &text, &sep, &with_tags)) {
        return NULL;
    }
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t length = PyUnicode_GET_LENGTH(text), sentences = 0, tagged = 0;
    Writer words = {0}, tags = {0};
    if (writer_open(&words, kind, length) < 0
        || (with_tags && writer_open(&tags, kind, length) < 0)) {
        PyMem_Free(words.data);
        return NULL;
    }
    Py_ssize_t i = 0, in_line = 0;
    while (i < length) {
        Py_UCS4 c = PyUnicode_READ(kind, data, i);
        if (c == ' ' || (c == '\r' && ends_line(kind, data, i + 1, length))) {
            i++;
            continue;
        }
        if (c == '\n') {
            writer_put(&words, '\n');
            if (with_tags) {
                writer_put(&tags, '\n');
            }
            sentences++;
            in_line = 0;
            i++;
            continue;
        }
        Py_ssize_t start = i, last_sep = -1, last_bracket = -1;
        int white_space = 0;
        for (; i < length; i++) {
            c = PyUnicode_READ(kind, data, i);
            if (c == ' ' || c == '\n' || (c == '\r' && ends_line(kind, data, i + 1, length))) {
                break;
            }
            if (c == sep) {
                last_sep = i;
            }
            else if (c == ']') {
                last_bracket = i;
            }
            else if (is_white_space(c)) {
                white_space = 1;
            }
        }
        if (in_line) {
            writer_put(&words, ' ');
            if (with_tags) {
                writer_put(&tags, ' ');
            }
        }
        if (white_space
            || !tagged_token(data, kind, start, i, last_sep, last_bracket, &words, &tags)) {
            PyMem_Free(words.data);
            PyMem_Free(tags.data);
            Py_RETURN_NONE;
        }
        in_line = 1;
        tagged++;
    }
    if (length > 0 && PyUnicode_READ(kind, data, length - 1) != '\n') {
        sentences++;  /* the last line, not ended by a line feed */
    }
    return block_result(&words, &tags, sentences, tagged);
}

static inline Py_ssize_t
skip_spaces(const void *data, int kind, Py_ssize_t i, Py_ssize_t length)
{
    while (i < length && PyUnicode_READ(kind, data, i) == ' ') {
        i++;
    }
    return i;
}

/* The JSON string that starts at text[i] (its opening quote) written out as a word; the index
 * after its closing quote, or -1 when it is not a word under the strict rules. */
static Py_ssize_t
json_word(const void *data, int kind, Py_ssize_t i, Py_ssize_t length, Writer *words)
{
    if (i >= length || PyUnicode_READ(kind, data, i) != '"') {
        return -1;
    }
    Py_ssize_t start = ++i;
    for (; i < length; i++) {
        Py_UCS4 c = PyUnicode_READ(kind, data, i);
        if (c == '"') {
            break;
        }
        if (c == '\\' || c < 0x20 || is_white_space(c)) {
            return -1;
        }
    }
    if (i >= length || i == start) {
        return -1;
    }
    writer_copy(words, data, start, i);
    return i + 1;
}

/* The JSON array of words that starts at text[i], as a line of words; the index where its line
 * ends (at its line feed or the end), or -1 when it is not such a line under the strict rules. */
static Py_ssize_t
json_line(const void *data, int kind, Py_ssize_t i, Py_ssize_t length, Writer *words,
          Py_ssize_t *count)
{
    i = skip_spaces(data, kind, i, length);
    if (i >= length || PyUnicode_READ(kind, data, i) != '[') {
        return -1;
    }
    i = skip_spaces(data, kind, i + 1, length);
    if (i < length && PyUnicode_READ(kind, data, i) == ']') {
        i++;
    }
    else {
        for (;;) {
            if (*count > 0) {
                writer_put(words, ' ');
            }
            i = json_word(data, kind, i, length, words);
            if (i < 0) {
                return -1;
            }
            ++*count;
            i = skip_spaces(data, kind, i, length);
            Py_UCS4 c = i < length ? PyUnicode_READ(kind, data, i) : 0;
            if (c == ']') {
                i++;
                break;
            }
            if (c != ',') {
                return -1;
            }
            i = skip_spaces(data, kind, i + 1, length);
        }
    }
    i = skip_spaces(data, kind, i, length);
    if (i < length && PyUnicode_READ(kind, data, i) == '\r' && ends_line(kind, data, i + 1, length)) {
        i++;
    }
    return ends_line(kind, data, i, length) ? i : -1;
}

/* The index of the line feed that ends the line going on at text[i], or -1 where a NUL comes
 * first or no line feed does (MeCab's features: read only to find their end). */
static Py_ssize_t
find_line_end(int kind, const void *data, Py_ssize_t i, Py_ssize_t length)
{
    switch (kind) {
    case PyUnicode_1BYTE_KIND: {
        const Py_UCS1 *chars = data;
        for (; i < length && chars[i] != '\n'; i++) {
            if (chars[i] == 0) {
                return -1;
            }
        }
        break;
    }
    case PyUnicode_2BYTE_KIND: {
        const Py_UCS2 *chars = data;
        for (; i < length && chars[i] != '\n'; i++) {
            if (chars[i] == 0) {
                return -1;
            }
        }
        break;
    }
    default: {
        const Py_UCS4 *chars = data;
        for (; i < length && chars[i] != '\n'; i++) {
            if (chars[i] == 0) {
                return -1;
            }
        }
    }
    }
    return i < length ? i : -1;
}

/* The tag of the MeCab features text[start:end] (no line feed in them), feature fields first
 * to last joined by '-', written out; 0 where the strict rules leave the line to the reader
 * (wsscore.core.blocks.mecab_block_tags): no tag there, a quote in fields 1 to last, or white
 * space in the tag. A carriage return that ends the features is no part of them. */
static int
mecab_tag(const void *data, int kind, Py_ssize_t start, Py_ssize_t end, Py_ssize_t first,
          Py_ssize_t last, Writer *tags)
{
    if (end > start && PyUnicode_READ(kind, data, end - 1) == '\r') {
        end--;
    }
    Py_ssize_t field = 1, written = 0;
    for (Py_ssize_t i = start; i < end && field <= last; i++) {
        Py_UCS4 c = PyUnicode_READ(kind, data, i);
        if (c == ',') {
            if (++field > first && field <= last) {
                writer_put(tags, '-');
            }
            continue;
        }
        if (c == '"' || (field >= first && is_white_space(c))) {
            return 0;
        }
        if (field >= first) {
            writer_put(tags, c);
            written++;
        }
    }
    return field >= last && written > 0;
}

/* A code point written out by a writer of the given kind (known where this is compiled in). */
static ALWAYS_INLINE void
writer_put_kind(const int kind, Writer *w, Py_UCS4 c)
{
    PyUnicode_WRITE(kind, w->data, w->length, c);
    w->length++;
}

/* mecab_scan for one kind of text, a constant where it is compiled in: a surface is read and
 * written a code point at a time, and a read or write that looks up the kind each time made
 * this scan cost more than decoding the file. */
static ALWAYS_INLINE int
mecab_scan_kind(const int kind, PyObject *text, Writer *words, Writer *tags, Py_ssize_t first,
                Py_ssize_t last, Py_ssize_t *sentences, Py_ssize_t *tagged)
{
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t length = PyUnicode_GET_LENGTH(text), i = 0;
    int open = 0;    /* token lines of a sentence whose EOS has not come yet */
    int pending = 0; /* words of that sentence: the next one follows a space */
    while (i < length) {
        if (i + 3 < length && PyUnicode_READ(kind, data, i) == 'E'
            && PyUnicode_READ(kind, data, i + 1) == 'O' && PyUnicode_READ(kind, data, i + 2) == 'S'
            && PyUnicode_READ(kind, data, i + 3) == '\n') {
            writer_put_kind(kind, words, '\n');
            if (tags != NULL) {
                writer_put_kind(kind, tags, '\n');
            }
            open = pending = 0;
            ++*sentences;
            i += 4;
            continue;
        }
        Py_ssize_t tab = i, word_start = words->length, tag_start = tags ? tags->length : 0;
        if (pending) {
            writer_put_kind(kind, words, ' ');
            if (tags != NULL) {
                writer_put_kind(kind, tags, ' ');
            }
        }
        Py_ssize_t before = words->length; /* where the word starts in the output */
        for (; tab < length; tab++) {
            Py_UCS4 c = PyUnicode_READ(kind, data, tab);
            if (c < ' ') { /* one test for what most characters of a surface are not */
                if (c == '\t' || c == '\n' || c == 0) {
                    break;
                }
                if (tags != NULL && c >= 0x1c && c <= 0x1f && !is_separator(c)) {
                    return 0; /* white space to str.split() alone: the reader reads it */
                }
            }
            if (!is_separator(c)) {
                writer_put_kind(kind, words, c);
            }
        }
        if (tab == i || tab >= length || PyUnicode_READ(kind, data, tab) != '\t') {
            return 0; /* an empty surface, a NUL, or no tab */
        }
        Py_ssize_t end = find_line_end(kind, data, tab + 1, length);
        if (end < 0) {
            return 0;
        }
        if (words->length == before) {
            words->length = word_start; /* white space only: no word, and no space before it */
            if (tags != NULL) {
                tags->length = tag_start;
            }
        }
        else {
            if (tags != NULL && !mecab_tag(data, kind, tab + 1, end, first, last, tags)) {
                return 0;
            }
            pending = 1;
            ++*tagged;
        }
        open = 1;
        i = end + 1;
    }
    return !open; /* else words after the last EOS */
}

/* The words (and with tags, the tags) of whole sentences of plain MeCab lines (EOS, or surface
 * TAB features with a non-empty surface): 1, or 0 where a line is not plain. A surface's white
 * space is dropped, and a surface of white space only is no word. The writers are of the
 * text's kind. */
static int
mecab_scan(PyObject *text, Writer *words, Writer *tags, Py_ssize_t first, Py_ssize_t last,
           Py_ssize_t *sentences, Py_ssize_t *tagged)
{
    switch (PyUnicode_KIND(text)) {
    case PyUnicode_1BYTE_KIND:
        return mecab_scan_kind(PyUnicode_1BYTE_KIND, text, words, tags, first, last, sentences,
                               tagged);
    case PyUnicode_2BYTE_KIND:
        return mecab_scan_kind(PyUnicode_2BYTE_KIND, text, words, tags, first, last, sentences,
                               tagged);
    default:
        return mecab_scan_kind(PyUnicode_4BYTE_KIND, text, words, tags, first, last, sentences,
                               tagged);
    }
}

/* mecab_block_words(head) -> str | None: the lines of words of whole sentences of plain MeCab
 * lines, or None; the reference is wsscore.core.blocks.mecab_block_words. */
static PyObject *
mecab_block_words(PyObject *module, PyObject *text)
{
    if (!PyUnicode_Check(text)) {
        PyErr_SetString(PyExc_TypeError, "mecab_block_words(head: str)");
        return NULL;
    }
    if (!check_configured()) {
        return NULL;
    }
    Writer words;
    if (writer_open(&words, PyUnicode_KIND(text), PyUnicode_GET_LENGTH(text)) < 0) {
        return NULL;
    }
    Py_ssize_t sentences = 0, tagged = 0;
    if (!mecab_scan(text, &words, NULL, 0, 0, &sentences, &tagged)) {
        PyMem_Free(words.data);
        Py_RETURN_NONE;
    }
    return writer_close(&words);
}

/* mecab_block_tags(head, first, last) -> (words, tags, sentences, tagged) | None: the same with
 * each word's tag; the reference is wsscore.core.blocks.mecab_block_tags. */
static PyObject *
mecab_block_tags(PyObject *module, PyObject *args)
{
    PyObject *text;
    Py_ssize_t first, last;
    if (!check_configured() || !PyArg_ParseTuple(args, "Unn", &text, &first, &last)) {
        return NULL;
    }
    if (first < 1 || last < first) {
        PyErr_SetString(PyExc_ValueError, "mecab_block_tags: fields are 1 <= first <= last");
        return NULL;
    }
    int kind = PyUnicode_KIND(text);
    Py_ssize_t length = PyUnicode_GET_LENGTH(text), sentences = 0, tagged = 0;
    Writer words = {0}, tags = {0};
    if (writer_open(&words, kind, length) < 0 || writer_open(&tags, kind, length) < 0) {
        PyMem_Free(words.data);
        return NULL;
    }
    if (!mecab_scan(text, &words, &tags, first, last, &sentences, &tagged)) {
        PyMem_Free(words.data);
        PyMem_Free(tags.data);
        Py_RETURN_NONE;
    }
    return block_result(&words, &tags, sentences, tagged);
}

/* Whether a backslash at text[i - 1] ends its line (only carriage returns after it): a lone
 * escape, which the reader refuses. */
static int
lone_escape(int kind, const void *data, Py_ssize_t i, Py_ssize_t length)
{
    while (i < length && PyUnicode_READ(kind, data, i) == '\r') {
        i++;
    }
    return ends_line(kind, data, i, length);
}

/* kytea_block_words's scan for one kind of text, a constant where it is compiled in (as in
 * mecab_scan_kind): 1 with the words written out, or 0 where the block is not plain. */
static ALWAYS_INLINE int
kytea_words_kind(const int kind, PyObject *text, Writer *out)
{
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t length = PyUnicode_GET_LENGTH(text);
    int token_start = 1; /* the next character starts a token (or the text) */
    int in_tags = 0;     /* between a token's first slash and the next separator */
    for (Py_ssize_t i = 0; i < length; i++) {
        Py_UCS4 c = PyUnicode_READ(kind, data, i);
        if (c == '\\') {
            if (lone_escape(kind, data, i + 1, length)) {
                return 0;
            }
            c = PyUnicode_READ(kind, data, ++i);
            if (!in_tags && !is_separator(c)) {
                writer_put_kind(kind, out, c);
            }
            token_start = 0;
            continue;
        }
        if (is_separator(c)) {
            writer_put_kind(kind, out, c);
            token_start = 1;
            in_tags = 0;
            continue;
        }
        if (c == '&' && !in_tags) {
            return 0; /* KyTea refuses it in a word */
        }
        if (c == '/') {
            if (token_start) {
                return 0; /* an empty word */
            }
            if (i > 0 && i + 1 < length && PyUnicode_READ(kind, data, i - 1) == ':'
                && PyUnicode_READ(kind, data, i + 1) == '/') {
                return 0; /* an unescaped URL: the reader refuses it */
            }
            in_tags = 1;
        }
        token_start = 0;
        if (!in_tags) {
            writer_put_kind(kind, out, c);
        }
    }
    return 1;
}

/* kytea_block_words(text) -> str | None: a block of KyTea lines with each token's tags removed
 * (from its first unescaped slash up to the next unescaped separator), separators kept, an
 * escaped character part of the word (an escaped separator dropped); None for an empty word (a
 * slash at a token's start), an ampersand in a word, a lone backslash at a line's end or an
 * unescaped URL (://). The reference is wsscore.core.blocks.kytea_block_words. */
static PyObject *
kytea_block_words(PyObject *module, PyObject *text)
{
    if (!PyUnicode_Check(text)) {
        PyErr_SetString(PyExc_TypeError, "kytea_block_words(text: str)");
        return NULL;
    }
    if (!check_configured()) {
        return NULL;
    }
    Writer words;
    if (writer_open(&words, PyUnicode_KIND(text), PyUnicode_GET_LENGTH(text)) < 0) {
        return NULL;
    }
    int plain;
    switch (PyUnicode_KIND(text)) {
    case PyUnicode_1BYTE_KIND:
        plain = kytea_words_kind(PyUnicode_1BYTE_KIND, text, &words);
        break;
    case PyUnicode_2BYTE_KIND:
        plain = kytea_words_kind(PyUnicode_2BYTE_KIND, text, &words);
        break;
    default:
        plain = kytea_words_kind(PyUnicode_4BYTE_KIND, text, &words);
    }
    if (plain) {
        return writer_close(&words);
    }
    PyMem_Free(words.data);
    Py_RETURN_NONE;
}

static PyObject *
read_jsonl_block(PyObject *module, PyObject *text)
{
    if (!check_configured()) {
        return NULL;
    }
    if (!PyUnicode_Check(text)) {
        PyErr_SetString(PyExc_TypeError, "read_jsonl_block(text: str)");
        return NULL;
    }
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t length = PyUnicode_GET_LENGTH(text), sentences = 0, i = 0;
    Writer words = {0}, no_tags = {0};
    if (writer_open(&words, kind, length) < 0) {
        return NULL;
    }
    while (i < length) {
        Py_ssize_t count = 0;
        i = json_line(data, kind, i, length, &words, &count);
        if (i < 0) {
            PyMem_Free(words.data);
            Py_RETURN_NONE;
        }
        sentences++;
        if (i < length) {
            writer_put(&words, '\n');
            i++;
        }
    }
    return block_result(&words, &no_tags, sentences, 0);
}

/*
 * count_tags(gold_words, gold_tags, pred_words, pred_tags, vocabulary): the tags of gold and
 * predicted text that holds the same characters (line breaks anywhere), counted at once, as
 * wsscore/core/tags.py counts them. Each side is a line of words and a line of their tags per
 * sentence, separated by single spaces. Tags are numbered as they come (a table over the two
 * texts of tags, by their slices); the result is (tags, gold words by tag, predicted words by
 * tag, [(gold tag, predicted tag, correct words, correct unknown words)], gold words, predicted
 * words, correct words, unknown gold words, exactly tagged gold lines, gold lines with words), or
 * None when the texts are not such lines or hold different characters.
 */
typedef struct {
    const void *data;
    int kind;
    Py_ssize_t start, length;
    uint64_t hash;
} TagSlice;

/* Tags of one or two ASCII characters, the most common, are found by their code points. */
#define SHORT_TAGS (128 * 128)

typedef struct {
    Py_ssize_t short_tags[SHORT_TAGS];  /* tag number + 1, 0 when not seen */
    TagSlice *tags;       /* by number */
    long long *gold, *pred;  /* words by tag number */
    Py_ssize_t count, allocated;
    Py_ssize_t *slots;    /* tag number + 1, 0 for an empty slot; a power of two of them */
    Py_ssize_t capacity;
} TagTable;

typedef struct {
    uint64_t *keys;       /* gold tag number << 32 | predicted tag number, + 1; 0: empty */
    long long *correct, *unknown;
    Py_ssize_t capacity, count;
} PairTable;

static void
tag_table_free(TagTable *t)
{
    PyMem_Free(t->tags);
    PyMem_Free(t->gold);
    PyMem_Free(t->pred);
    PyMem_Free(t->slots);
}

static void
pair_table_free(PairTable *p)
{
    PyMem_Free(p->keys);
    PyMem_Free(p->correct);
    PyMem_Free(p->unknown);
}

static int
tag_table_rehash(TagTable *t, Py_ssize_t capacity)
{
    Py_ssize_t *slots = PyMem_Calloc((size_t)capacity, sizeof(Py_ssize_t));
    if (slots == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t n = 0; n < t->count; n++) {
        Py_ssize_t i = (Py_ssize_t)(t->tags[n].hash & (uint64_t)(capacity - 1));
        while (slots[i]) {
            i = (i + 1) & (capacity - 1);
        }
        slots[i] = n + 1;
    }
    PyMem_Free(t->slots);
    t->slots = slots;
    t->capacity = capacity;
    return 0;
}

static int
tag_table_grow(TagTable *t)
{
    Py_ssize_t allocated = t->allocated ? 2 * t->allocated : 64;
    TagSlice *tags = PyMem_Realloc(t->tags, (size_t)allocated * sizeof(TagSlice));
    if (tags != NULL) {
        t->tags = tags;
    }
    long long *gold = PyMem_Realloc(t->gold, (size_t)allocated * sizeof(long long));
    if (gold != NULL) {
        t->gold = gold;
    }
    long long *pred = PyMem_Realloc(t->pred, (size_t)allocated * sizeof(long long));
    if (pred != NULL) {
        t->pred = pred;
    }
    if (tags == NULL || gold == NULL || pred == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    t->allocated = allocated;
    return tag_table_rehash(t, 2 * allocated);
}

/* The number of the tag (kind, data)[start:start + length], numbered anew if unseen; -1 on
 * error. */
static Py_ssize_t tag_number_by_hash(TagTable *t, int kind, const void *data, Py_ssize_t start,
                                     Py_ssize_t length);

/* The key of a tag of one or two ASCII characters in short_tags; -1 for another tag. */
static inline Py_ssize_t
short_tag_key(int kind, const void *data, Py_ssize_t start, Py_ssize_t length)
{
    Py_UCS4 first = PyUnicode_READ(kind, data, start);
    if (first >= 128 || length > 2) {
        return -1;
    }
    if (length == 1) {
        return (Py_ssize_t)first;  /* 1..127: a NUL is never in a tag */
    }
    Py_UCS4 second = PyUnicode_READ(kind, data, start + 1);
    return first == 0 || second >= 128 ? -1 : (Py_ssize_t)(first * 128 + second);
}

static Py_ssize_t
tag_number(TagTable *t, int kind, const void *data, Py_ssize_t start, Py_ssize_t length)
{
    Py_ssize_t key = short_tag_key(kind, data, start, length);
    if (key < 0) {
        return tag_number_by_hash(t, kind, data, start, length);
    }
    if (!t->short_tags[key]) {
        Py_ssize_t n = tag_number_by_hash(t, kind, data, start, length);
        if (n < 0) {
            return -1;
        }
        t->short_tags[key] = n + 1;
    }
    return t->short_tags[key] - 1;
}

static Py_ssize_t
tag_number_by_hash(TagTable *t, int kind, const void *data, Py_ssize_t start, Py_ssize_t length)
{
    uint64_t h = hash_slice(kind, data, start, length);
    Py_ssize_t i = t->capacity ? (Py_ssize_t)(h & (uint64_t)(t->capacity - 1)) : 0;
    while (t->capacity && t->slots[i]) {
        TagSlice *tag = &t->tags[t->slots[i] - 1];
        if (tag->hash == h && tag->length == length
            && same_slice(tag->kind, tag->data, tag->start, kind, data, start, length)) {
            return t->slots[i] - 1;
        }
        i = (i + 1) & (t->capacity - 1);
    }
    if (t->count == t->allocated) {
        if (tag_table_grow(t) < 0) {
            return -1;
        }
        return tag_number_by_hash(t, kind, data, start, length);
    }
    Py_ssize_t n = t->count++;
    t->tags[n] = (TagSlice){data, kind, start, length, h};
    t->gold[n] = t->pred[n] = 0;
    t->slots[i] = n + 1;
    return n;
}

static int
pair_table_rehash(PairTable *p, Py_ssize_t capacity)
{
    PairTable q = {PyMem_Calloc((size_t)capacity, sizeof(uint64_t)),
                   PyMem_Calloc((size_t)capacity, sizeof(long long)),
                   PyMem_Calloc((size_t)capacity, sizeof(long long)), capacity, p->count};
    if (q.keys == NULL || q.correct == NULL || q.unknown == NULL) {
        pair_table_free(&q);
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < p->capacity; i++) {
        if (p->keys[i]) {
            Py_ssize_t j = (Py_ssize_t)((p->keys[i] * 0x9E3779B97F4A7C15ULL) >> 20) & (capacity - 1);
            while (q.keys[j]) {
                j = (j + 1) & (capacity - 1);
            }
            q.keys[j] = p->keys[i];
            q.correct[j] = p->correct[i];
            q.unknown[j] = p->unknown[i];
        }
    }
    pair_table_free(p);
    *p = q;
    return 0;
}

static int
pair_table_add(PairTable *p, Py_ssize_t gold_tag, Py_ssize_t pred_tag, int unknown)
{
    if (2 * (p->count + 1) > p->capacity
        && pair_table_rehash(p, p->capacity ? 2 * p->capacity : 256) < 0) {
        return -1;
    }
    uint64_t key = ((uint64_t)gold_tag << 32 | (uint64_t)pred_tag) + 1;
    Py_ssize_t j = (Py_ssize_t)((key * 0x9E3779B97F4A7C15ULL) >> 20) & (p->capacity - 1);
    while (p->keys[j] && p->keys[j] != key) {
        j = (j + 1) & (p->capacity - 1);
    }
    if (!p->keys[j]) {
        p->keys[j] = key;
        p->count++;
    }
    p->correct[j]++;
    p->unknown[j] += unknown;
    return 0;
}

/* One side of count_tags: its text of words and its text of tags, read a word at a time in
 * step (where a word ends its line, its tag ends its line too). */
typedef struct {
    PyObject *words;
    int word_kind, tag_kind;
    const void *word_data, *tag_data;
    Py_ssize_t word_length, tag_length, word_at, tag_at;
    int line_start;
} Side;

static void
side_open(Side *side, PyObject *words, PyObject *tags)
{
    *side = (Side){words,
                   PyUnicode_KIND(words),
                   PyUnicode_KIND(tags),
                   PyUnicode_DATA(words),
                   PyUnicode_DATA(tags),
                   PyUnicode_GET_LENGTH(words),
                   PyUnicode_GET_LENGTH(tags),
                   0,
                   0,
                   1};
}

/* Where the token that starts at text[at] ends (at a space, a line feed or the end), and what
 * ends it in *end_code: ' ', '\n', or 0 for the end of the text. */
static inline Py_ssize_t
token_end(int kind, const void *data, Py_ssize_t length, Py_ssize_t at, Py_UCS4 *end_code)
{
    for (; at < length; at++) {
        Py_UCS4 c = PyUnicode_READ(kind, data, at);
        if (c == ' ' || c == '\n') {
            *end_code = c;
            return at;
        }
    }
    *end_code = 0;
    return at;
}

/* The next word of a side, and its tag: 1, 0 at the end of both texts, -1 when they are not
 * lines of words and their tags (not as many, an empty one, or lines that end apart). */
static int
side_next(Side *s, Py_ssize_t *word, Py_ssize_t *word_end, Py_ssize_t *tag, Py_ssize_t *tag_end)
{
    for (;;) {
        int words_done = s->word_at > s->word_length, tags_done = s->tag_at > s->tag_length;
        if (words_done || tags_done) {
            return words_done && tags_done ? 0 : -1;
        }
        Py_UCS4 word_code, tag_code;
        *word = s->word_at;
        *tag = s->tag_at;
        *word_end = token_end(s->word_kind, s->word_data, s->word_length, *word, &word_code);
        *tag_end = token_end(s->tag_kind, s->tag_data, s->tag_length, *tag, &tag_code);
        if (word_code != tag_code) {
            return -1;
        }
        s->word_at = *word_end + 1;
        s->tag_at = *tag_end + 1;
        int empty_word = *word_end == *word, empty_tag = *tag_end == *tag;
        int was_line_start = s->line_start;
        s->line_start = word_code != ' ';
        if (!empty_word && !empty_tag) {
            return 1;
        }
        if (!(empty_word && empty_tag && was_line_start && word_code != ' ')) {
            return -1;  /* an empty word or tag; a line without any is an empty sentence */
        }
    }
}

/* Whether two texts of words hold the same characters (spaces and line feeds aside). */
static int
same_characters(PyObject *a, PyObject *b)
{
    int kind_a = PyUnicode_KIND(a), kind_b = PyUnicode_KIND(b);
    const void *data_a = PyUnicode_DATA(a), *data_b = PyUnicode_DATA(b);
    Py_ssize_t length_a = PyUnicode_GET_LENGTH(a), length_b = PyUnicode_GET_LENGTH(b);
    Py_ssize_t i = 0, j = 0;
    for (;;) {
        Py_UCS4 c = 0, d = 0;
        while (i < length_a && ((c = PyUnicode_READ(kind_a, data_a, i)) == ' ' || c == '\n')) {
            i++;
        }
        while (j < length_b && ((d = PyUnicode_READ(kind_b, data_b, j)) == ' ' || d == '\n')) {
            j++;
        }
        if (i == length_a || j == length_b) {
            return i == length_a && j == length_b;
        }
        if (c != d) {
            return 0;
        }
        i++, j++;
    }
}

typedef struct {
    TagTable tags;
    PairTable pairs;
    Py_ssize_t gold_words, pred_words;
    long long correct, unknown;
    long long exact, sentences;  /* gold lines with words, and those exactly tagged */
} TagCount;

/* The number of a side's tag text[start:end], counting its word on that side; -1 on error. */
static Py_ssize_t
count_tag(TagCount *t, const Side *side, Py_ssize_t start, Py_ssize_t end, int gold_side)
{
    Py_ssize_t n = tag_number(&t->tags, side->tag_kind, side->tag_data, start, end - start);
    if (n >= 0) {
        (gold_side ? t->tags.gold : t->tags.pred)[n]++;
    }
    return n;
}

/* The next predicted word (its length in *length and its tag's number in *tag): 1, 0 at the
 * end, -1 when the side is not lines of words and tags, -2 on error. */
static int
next_predicted(TagCount *t, Side *pred, Py_ssize_t *length, Py_ssize_t *tag)
{
    Py_ssize_t word, word_end, tag_start, tag_end;
    int found = side_next(pred, &word, &word_end, &tag_start, &tag_end);
    if (found <= 0) {
        return found;
    }
    t->pred_words++;
    *length = word_end - word;
    *tag = count_tag(t, pred, tag_start, tag_end, 0);
    return *tag < 0 ? -2 : 1;
}

/* Pair the gold words with the predicted words of the same span, counting words and tags: 1, 0
 * when the sides are not lines of words and tags, -1 on error. */
static int
count_pairs(TagCount *t, Side *gold, Side *pred, PyObject *vocabulary)
{
    Py_ssize_t gold_at = 0, pred_at = 0, pred_length = 0, pred_tag = -1;
    Py_ssize_t word, word_end, tag_start, tag_end;
    int pred_found = next_predicted(t, pred, &pred_length, &pred_tag), found = 0;
    int line_exact = 1;  /* every gold word of the line so far has the predicted span and tag */
    while (pred_found >= 0) {
        found = side_next(gold, &word, &word_end, &tag_start, &tag_end);
        if (found <= 0) {
            break;
        }
        Py_ssize_t gold_end = gold_at + word_end - word;
        Py_ssize_t gold_tag = count_tag(t, gold, tag_start, tag_end, 1);
        int unknown = gold_tag < 0 ? -1 : is_unknown(vocabulary, gold->words, gold->word_kind,
                                                      gold->word_data, word, word_end);
        if (unknown < 0) {
            return -1;
        }
        t->gold_words++;
        t->unknown += unknown;
        while (pred_found > 0 && pred_at < gold_at) {
            pred_at += pred_length;
            pred_found = next_predicted(t, pred, &pred_length, &pred_tag);
        }
        if (pred_found > 0 && pred_at == gold_at && pred_at + pred_length == gold_end) {
            t->correct++;
            line_exact &= gold_tag == pred_tag;  /* one table numbers both sides' tags */
            if (pair_table_add(&t->pairs, gold_tag, pred_tag, unknown) < 0) {
                return -1;
            }
        } else {
            line_exact = 0;
        }
        if (gold->line_start) {  /* this word ended its line */
            t->sentences++;
            t->exact += line_exact;
            line_exact = 1;
        }
        gold_at = gold_end;
    }
    while (pred_found > 0) {  /* the predicted words after the last gold word's start */
        pred_found = next_predicted(t, pred, &pred_length, &pred_tag);
    }
    if (pred_found == -2) {
        return -1;
    }
    return pred_found == 0 && found == 0;
}

static PyObject *
tag_count_result(const TagCount *t)
{
    PyObject *names = PyList_New(t->tags.count), *pairs = PyList_New(0), *result = NULL;
    PyObject *gold = long_tuple(t->tags.gold, t->tags.count);
    PyObject *pred = long_tuple(t->tags.pred, t->tags.count);
    if (names == NULL || pairs == NULL || gold == NULL || pred == NULL) {
        goto done;
    }
    for (Py_ssize_t n = 0; n < t->tags.count; n++) {
        const TagSlice *tag = &t->tags.tags[n];
        PyObject *name = PyUnicode_FromKindAndData(
            tag->kind, (const char *)tag->data + tag->start * tag->kind, tag->length);
        if (name == NULL) {
            goto done;
        }
        PyList_SET_ITEM(names, n, name);
    }
    for (Py_ssize_t i = 0; i < t->pairs.capacity; i++) {
        uint64_t key = t->pairs.keys[i];
        if (key) {
            PyObject *pair = Py_BuildValue("(nnLL)", (Py_ssize_t)((key - 1) >> 32),
                                           (Py_ssize_t)((key - 1) & 0xFFFFFFFFULL),
                                           t->pairs.correct[i], t->pairs.unknown[i]);
            if (pair == NULL || PyList_Append(pairs, pair) < 0) {
                Py_XDECREF(pair);
                goto done;
            }
            Py_DECREF(pair);
        }
    }
    result = Py_BuildValue("(OOOOnnLLLL)", names, gold, pred, pairs, t->gold_words, t->pred_words,
                           t->correct, t->unknown, t->exact, t->sentences);
done:
    Py_XDECREF(names);
    Py_XDECREF(pairs);
    Py_XDECREF(gold);
    Py_XDECREF(pred);
    return result;
}

static PyObject *
count_tags(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "count_tags takes 5 arguments");
        return NULL;
    }
    for (int k = 0; k < 4; k++) {
        if (!PyUnicode_Check(args[k])) {
            PyErr_SetString(PyExc_TypeError, "count_tags: the texts must be str");
            return NULL;
        }
    }
    if (!same_characters(args[0], args[2])) {
        Py_RETURN_NONE;
    }
    Side gold, pred;
    side_open(&gold, args[0], args[1]);
    side_open(&pred, args[2], args[3]);
    TagCount *t = PyMem_Calloc(1, sizeof(TagCount));  /* its table of short tags is large */
    if (t == NULL) {
        return PyErr_NoMemory();
    }
    int found = count_pairs(t, &gold, &pred, args[4]);
    PyObject *result = found > 0 ? tag_count_result(t) : found == 0 ? Py_NewRef(Py_None) : NULL;
    tag_table_free(&t->tags);
    pair_table_free(&t->pairs);
    PyMem_Free(t);
    return result;
}

/* ---- grapheme clusters (UAX #29), for --unit grapheme ---------------------------------------
 *
 * grapheme_change(gold_lines, pred_lines) gives what counting in grapheme clusters changes in
 * the extra counts of pairs of lines whose characters agree, as
 * wsscore.core.unit_change.grapheme_change does: the clusters are found inside each gold word
 * (a separator ends one), and a predicted word edge inside a cluster is a cut, no boundary.
 * grapheme_lengths(text) gives the lengths of a text's clusters (separators are no different
 * there), for the conformance test. The rules are UAX #29's GB1-GB13 and GB999, over the pinned
 * tables of grapheme_tables.h (generated with wsscore/core/grapheme_tables.py from the same
 * data): each code point's properties are a byte, a table lookup in the Basic Multilingual
 * Plane (filled at first use), a binary search per table past it. */
#include "grapheme_tables.h"

/* A code point's properties: its Grapheme_Cluster_Break value in the low bits (they are
 * disjoint), whether it is Extended_Pictographic, and its Indic_Conjunct_Break value. */
enum {
    GB_OTHER = 0, GB_CR, GB_LF, GB_CONTROL, GB_PREPEND, GB_EXTEND, GB_ZWJ, GB_REGIONAL,
    GB_SPACING_MARK, GB_L, GB_V, GB_T, GB_LV, GB_LVT,
    GB_BREAK_MASK = 0x0F,
    GB_PICTOGRAPHIC = 0x10,
    GB_INCB_LINKER = 0x20, GB_INCB_CONSONANT = 0x40, GB_INCB_EXTEND = 0x60, GB_INCB_MASK = 0x60,
};

typedef struct {
    const GraphemeRange *ranges;
    size_t count;
    uint8_t bits;
} GraphemeTable;

#define GRAPHEME_TABLE(name, bits) \
    {GRAPHEME_##name, sizeof(GRAPHEME_##name) / sizeof(GraphemeRange), bits}
static const GraphemeTable grapheme_tables[] = {
    GRAPHEME_TABLE(CR, GB_CR),
    GRAPHEME_TABLE(LF, GB_LF),
    GRAPHEME_TABLE(CONTROL, GB_CONTROL),
    GRAPHEME_TABLE(PREPEND, GB_PREPEND),
    GRAPHEME_TABLE(EXTEND, GB_EXTEND),
    GRAPHEME_TABLE(ZWJ, GB_ZWJ),
    GRAPHEME_TABLE(REGIONAL_INDICATOR, GB_REGIONAL),
    GRAPHEME_TABLE(SPACING_MARK, GB_SPACING_MARK),
    GRAPHEME_TABLE(L, GB_L),
    GRAPHEME_TABLE(V, GB_V),
    GRAPHEME_TABLE(T, GB_T),
    GRAPHEME_TABLE(LV, GB_LV),
    GRAPHEME_TABLE(LVT, GB_LVT),
    GRAPHEME_TABLE(EXTENDED_PICTOGRAPHIC, GB_PICTOGRAPHIC),
    GRAPHEME_TABLE(INCB_LINKER, GB_INCB_LINKER),
    GRAPHEME_TABLE(INCB_CONSONANT, GB_INCB_CONSONANT),
    GRAPHEME_TABLE(INCB_EXTEND, GB_INCB_EXTEND),
};
#define GRAPHEME_TABLE_COUNT (sizeof(grapheme_tables) / sizeof(grapheme_tables[0]))

static uint8_t bmp_grapheme_bits[BMP_SIZE];
static int bmp_grapheme_filled = 0;

static void
fill_bmp_grapheme_bits(void)
{
    for (size_t t = 0; t < GRAPHEME_TABLE_COUNT; t++) {
        const GraphemeTable *table = &grapheme_tables[t];
        for (size_t r = 0; r < table->count && table->ranges[r].first < BMP_SIZE; r++) {
            uint32_t last = table->ranges[r].last;
            last = last < BMP_SIZE ? last : BMP_SIZE - 1;
            for (uint32_t c = table->ranges[r].first; c <= last; c++) {
                bmp_grapheme_bits[c] |= table->bits;
            }
        }
    }
    bmp_grapheme_filled = 1;
}

static int
in_grapheme_ranges(const GraphemeRange *ranges, size_t count, Py_UCS4 c)
{
    size_t low = 0, high = count;  /* the range holding c, if any, is in [low, high) */
    while (low < high) {
        size_t middle = low + (high - low) / 2;
        if (c < ranges[middle].first) {
            high = middle;
        }
        else if (c > ranges[middle].last) {
            low = middle + 1;
        }
        else {
            return 1;
        }
    }
    return 0;
}

static inline uint8_t
grapheme_bits(Py_UCS4 c)
{
    if (c < BMP_SIZE) {
        return bmp_grapheme_bits[c];
    }
    uint8_t bits = 0;
    for (size_t t = 0; t < GRAPHEME_TABLE_COUNT; t++) {
        if (in_grapheme_ranges(grapheme_tables[t].ranges, grapheme_tables[t].count, c)) {
            bits |= grapheme_tables[t].bits;
        }
    }
    return bits;
}

/* What the rules need of the code points before the next one. */
typedef struct {
    int started;       /* 0 at the start of a text or a word (GB1): the rest is 0 then too */
    uint8_t previous;  /* the previous code point's bits */
    int regional_run;  /* regional indicators right before (GB12, GB13: joined when odd) */
    int emoji;         /* 1 after ExtPict Extend*, 2 after ExtPict Extend* ZWJ (GB11) */
    int conjunct;      /* 1 after InCB Consonant [Extend Linker]*, 2 with a Linker among them */
} ClusterWalk;

static inline int
is_break_control(int kind)
{
    return kind == GB_CR || kind == GB_LF || kind == GB_CONTROL;
}

/* Whether the code point of these bits joins the one before (no cluster boundary between). */
static int
joins_previous(const ClusterWalk *w, uint8_t bits)
{
    int before = w->previous & GB_BREAK_MASK, kind = bits & GB_BREAK_MASK;
    if (!w->started) {
        return 0;  /* GB1 */
    }
    if (before == GB_CR && kind == GB_LF) {
        return 1;  /* GB3 */
    }
    if (is_break_control(before) || is_break_control(kind)) {
        return 0;  /* GB4, GB5 */
    }
    if ((before == GB_L && (kind == GB_L || kind == GB_V || kind == GB_LV || kind == GB_LVT))
        || ((before == GB_LV || before == GB_V) && (kind == GB_V || kind == GB_T))
        || ((before == GB_LVT || before == GB_T) && kind == GB_T)) {
        return 1;  /* GB6, GB7, GB8 */
    }
    if (kind == GB_EXTEND || kind == GB_ZWJ || kind == GB_SPACING_MARK || before == GB_PREPEND) {
        return 1;  /* GB9, GB9a, GB9b */
    }
    if ((bits & GB_INCB_MASK) == GB_INCB_CONSONANT && w->conjunct == 2) {
        return 1;  /* GB9c */
    }
    if ((bits & GB_PICTOGRAPHIC) && w->emoji == 2) {
        return 1;  /* GB11 */
    }
    return kind == GB_REGIONAL && w->regional_run % 2 == 1;  /* GB12, GB13; else GB999 */
}

/* Takes the next code point: 1 where a cluster starts at it, else 0. */
static int
cluster_step(ClusterWalk *w, uint8_t bits)
{
    int starts = !joins_previous(w, bits);
    int kind = bits & GB_BREAK_MASK, incb = bits & GB_INCB_MASK;
    w->regional_run = kind == GB_REGIONAL ? w->regional_run + 1 : 0;
    w->emoji = (bits & GB_PICTOGRAPHIC) ? 1
               : w->emoji == 1 && kind == GB_EXTEND ? 1
               : w->emoji == 1 && kind == GB_ZWJ   ? 2
                                                   : 0;
    w->conjunct = incb == GB_INCB_CONSONANT                  ? 1
                  : w->conjunct && incb == GB_INCB_LINKER    ? 2
                  : w->conjunct && incb == GB_INCB_EXTEND    ? w->conjunct
                                                             : 0;
    w->previous = bits;
    w->started = 1;
    return starts;
}

static PyObject *
grapheme_lengths(PyObject *module, PyObject *text)
{
    if (!PyUnicode_Check(text)) {
        PyErr_SetString(PyExc_TypeError, "grapheme_lengths(text: str)");
        return NULL;
    }
    if (!bmp_grapheme_filled) {
        fill_bmp_grapheme_bits();
    }
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t length = PyUnicode_GET_LENGTH(text), start = 0;
    ClusterWalk w = {0};
    PyObject *lengths = PyList_New(0);
    for (Py_ssize_t i = 0; lengths != NULL && i <= length; i++) {
        if ((i == length || cluster_step(&w, grapheme_bits(PyUnicode_READ(kind, data, i))))
            && i > start) {
            PyObject *size = PyLong_FromSsize_t(i - start);
            if (size == NULL || PyList_Append(lengths, size) < 0) {
                Py_CLEAR(lengths);
            }
            Py_XDECREF(size);
            start = i;
        }
    }
    return lengths;
}

/* The sums grapheme_change returns (wsscore.core.unit_change.in_units, summed over lines). */
typedef struct {
    long long substrings;  /* N(N+1)/2 in clusters less N(N+1)/2 in code points */
    long long fewer;       /* clusters less code points (<= 0) */
    long long cuts;        /* predicted word edges inside a cluster */
    long long cut_words;   /* predicted words with an end inside a cluster */
} GraphemeChange;

/* Marks at starts[p] (p = 0 ... the line's code points outside separators) whether a cluster
 * starts there, one past the last included; returns the clusters, or -1 when the buffer
 * (room: the line's length + 1) cannot be had. */
static Py_ssize_t
gold_cluster_starts(PyObject *gold, uint8_t **starts, Py_ssize_t *room, Py_ssize_t *chars)
{
    int kind = PyUnicode_KIND(gold);
    const void *data = PyUnicode_DATA(gold);
    Py_ssize_t length = PyUnicode_GET_LENGTH(gold), at = 0, clusters = 0;
    if (length + 1 > *room) {
        uint8_t *grown = PyMem_Realloc(*starts, (size_t)(length + 1));
        if (grown == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        *starts = grown;
        *room = length + 1;
    }
    ClusterWalk w = {0};
    for (Py_ssize_t i = 0; i < length; i++) {
        Py_UCS4 c = PyUnicode_READ(kind, data, i);
        if (is_separator(c)) {
            w = (ClusterWalk){0};  /* a word starts as a text does: no cluster across two */
            continue;
        }
        int starts_here = cluster_step(&w, grapheme_bits(c));
        (*starts)[at++] = (uint8_t)starts_here;
        clusters += starts_here;
    }
    (*starts)[at] = 1;
    *chars = at;
    return clusters;
}

/* Adds the predicted line's cuts inside the gold clusters marked in starts (chars code points
 * outside separators); -1 (ValueError) where the predicted line has other characters. */
static int
add_pred_cuts(PyObject *pred, const uint8_t *starts, Py_ssize_t chars, GraphemeChange *change)
{
    int kind = PyUnicode_KIND(pred);
    const void *data = PyUnicode_DATA(pred);
    Py_ssize_t length = PyUnicode_GET_LENGTH(pred), at = 0;
    int in_word = 0, start_cut = 0;  /* the current word starts inside a cluster */
    for (Py_ssize_t i = 0; i <= length; i++) {
        if (i < length && !is_separator(PyUnicode_READ(kind, data, i))) {
            in_word = 1;
            if (++at > chars) {
                break;
            }
            continue;
        }
        if (in_word) {  /* a word ends at ``at``: a cut where no cluster starts */
            int end_cut = !starts[at];
            change->cuts += end_cut;
            change->cut_words += start_cut || end_cut;
            start_cut = end_cut;
            in_word = 0;
        }
    }
    if (at != chars) {
        PyErr_SetString(PyExc_ValueError, "grapheme_change: a predicted line has other "
                                          "characters than its gold line");
        return -1;
    }
    return 0;
}

static PyObject *
grapheme_change(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (!check_configured()) {
        return NULL;
    }
    if (nargs != 2 || !PyList_Check(args[0]) || !PyList_Check(args[1])
        || PyList_GET_SIZE(args[0]) != PyList_GET_SIZE(args[1])) {
        PyErr_SetString(PyExc_ValueError,
                        "grapheme_change(gold_lines: list[str], pred_lines: list[str] (as many))");
        return NULL;
    }
    if (!bmp_grapheme_filled) {
        fill_bmp_grapheme_bits();
    }
    GraphemeChange change = {0};
    uint8_t *starts = NULL;
    Py_ssize_t room = 0, chars = 0;
    int failed = 0;
    for (Py_ssize_t line = 0; !failed && line < PyList_GET_SIZE(args[0]); line++) {
        PyObject *gold = PyList_GET_ITEM(args[0], line), *pred = PyList_GET_ITEM(args[1], line);
        if (!PyUnicode_Check(gold) || !PyUnicode_Check(pred)) {
            PyErr_SetString(PyExc_TypeError, "grapheme_change: the lines must be str");
            failed = 1;
            break;
        }
        Py_ssize_t clusters = gold_cluster_starts(gold, &starts, &room, &chars);
        failed = clusters < 0;
        if (failed || clusters == chars) {
            continue;  /* every code point a cluster: nothing changes (all Chinese text) */
        }
        change.substrings += (long long)clusters * (clusters + 1) / 2
                             - (long long)chars * (chars + 1) / 2;
        change.fewer += clusters - chars;
        failed = add_pred_cuts(pred, starts, chars, &change) < 0;
    }
    PyMem_Free(starts);
    if (failed) {
        return NULL;
    }
    /* In the field order of wsscore.core.records.ExtraCounts. */
    long long cuts = change.cuts;
    return Py_BuildValue("(LLLLLLLLLLLLLLLLL)", change.substrings, 0LL, -cuts, 0LL, 0LL, 0LL, 0LL,
                         0LL, 0LL, -cuts, change.fewer + cuts, 0LL, 0LL, -cuts, 0LL, cuts,
                         change.cut_words);
}

static PyMethodDef module_methods[] = {
    {"configure", (PyCFunction)(void (*)(void))configure, METH_VARARGS | METH_KEYWORDS,
     "configure(*, separators, length_buckets, split, merged, crossing): the definitions the\n"
     "counting functions use (wsscore.core.definitions), set before any of them runs."},
    {"count_words", (PyCFunction)count_words, METH_O,
     "count_words(text) -> (words, lines with at least one word)."},
    {"chars_words", (PyCFunction)(void (*)(void))chars_words, METH_FASTCALL,
     "chars_words(text, numbers, positions) -> (words text, sentences, longest sentence,\n"
     "lines of each tagged label), or None where the chars text is not in its plainest shape."},
    {"count_block", (PyCFunction)(void (*)(void))count_block, METH_FASTCALL,
     "count_block(gold, pred, vocabulary) -> (the 10 counts of wsscore.core.records.Counts, the 3\n"
     "of its SentenceSpans), or None when\n"
     "the two texts do not hold the same characters. vocabulary: a Vocabulary, a set of str\n"
     "or None."},
    {"count_lines", (PyCFunction)(void (*)(void))count_lines, METH_FASTCALL,
     "count_lines(gold_lines, pred_lines, vocabulary, first_number, what) -> (agreed, records,\n"
     "totals, gathered): the leading pairs of lines that hold the same characters, each\n"
     "counted on its own; what: 0 counts only, 1 with the extra counts, 2 with the errors."},
    {"read_tagged_block", (PyCFunction)read_tagged_block, METH_VARARGS,
     "read_tagged_block(text, sep, with_tags) -> (words, tags or None, sentences, tagged\n"
     "tokens), or None for a block that the strict rules of wsscore.core.blocks do not cover."},
    {"mecab_block_words", (PyCFunction)mecab_block_words, METH_O,
     "The lines of words of whole sentences of plain MeCab lines, or None."},
    {"mecab_block_tags", (PyCFunction)mecab_block_tags, METH_VARARGS,
     "mecab_block_tags(head, first, last) -> (words, tags, sentences, tagged) or None"},
    {"kytea_block_words", (PyCFunction)kytea_block_words, METH_O,
     "A block of plain KyTea lines without their tags, or None."},
    {"read_jsonl_block", (PyCFunction)read_jsonl_block, METH_O,
     "read_jsonl_block(text) -> (words, None, sentences, 0), or None for a block that is not\n"
     "lines of JSON arrays of words under the strict rules of wsscore.core.blocks."},
    {"count_tags", (PyCFunction)(void (*)(void))count_tags, METH_FASTCALL,
     "count_tags(gold_words, gold_tags, pred_words, pred_tags, vocabulary) -> (tags, gold by\n"
     "tag, predicted by tag, [(gold tag, predicted tag, correct, correct unknown)], gold words,\n"
     "predicted words, correct, unknown gold words, exactly tagged gold lines, gold lines), or\n"
     "None (wsscore.core.tags)."},
    {"resample_sums", (PyCFunction)resample_sums, METH_VARARGS,
     "resample_sums(state, columns, samples) -> (per column (an array of integers), its sum\n"
     "over each sample's indices, drawn as random.choices draws them from a generator in\n"
     "this state; the generator's state after them)."},
    {"randomized_moves", (PyCFunction)randomized_moves, METH_VARARGS,
     "randomized_moves(state, (sizes, deltas_pp, deltas_tp), trials) -> (moved PP, moved TP\n"
     "per trial, swapping as many of each group as getrandbits(size) has set bits; the\n"
     "generator's state after them)."},
    {"conllu_words", (PyCFunction)(void (*)(void))conllu_words, METH_FASTCALL,
     "conllu_words(text, start, max_chars) -> (words, sentences, lines, end, refused): the\n"
     "plain sentences of CoNLL-U text from start as lines of their FORMs, as\n"
     "wsscore.core.conllu_scan.scan_conllu_words finds them."},
    {"sighan_blocks", (PyCFunction)(void (*)(void))sighan_blocks, METH_FASTCALL,
     "sighan_blocks(gold, pred, first, gold_name, test_name) -> the Perl score script's\n"
     "blocks of lines whose characters agree (wsscore.core.side_by_side.agreeing_blocks)."},
    {"sighan_utf8_lines", (PyCFunction)(void (*)(void))sighan_utf8_lines, METH_FASTCALL,
     "sighan_utf8_lines(gold_lines, pred_lines, first, gold_name, test_name) -> (agreed,\n"
     "blocks) or None: the blocks of the leading lines that agree, in UTF-8\n"
     "(wsscore.core.side_by_side.agreeing_utf8_lines)."},
    {"grapheme_change", (PyCFunction)(void (*)(void))grapheme_change, METH_FASTCALL,
     "grapheme_change(gold_lines, pred_lines) -> what counting in grapheme clusters changes in\n"
     "the extra counts of lines whose characters agree, in the field order of ExtraCounts\n"
     "(wsscore.core.unit_change.grapheme_change)."},
    {"grapheme_lengths", (PyCFunction)grapheme_lengths, METH_O,
     "grapheme_lengths(text) -> the lengths of the text's extended grapheme clusters."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "wsscore._speedups", "The scorer's fast path, in C.", -1, module_methods,
};

PyMODINIT_FUNC
PyInit__speedups(void)
{
    if (PyType_Ready(&VocabularyType) < 0 || PyType_Ready(&WrongWordTallyType) < 0
        || PyType_Ready(&WordTypesType) < 0) {
        return NULL;
    }
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) {
        return NULL;
    }
    if (PyModule_AddObjectRef(m, "Vocabulary", (PyObject *)&VocabularyType) < 0
        || PyModule_AddObjectRef(m, "WrongWordTally", (PyObject *)&WrongWordTallyType) < 0
        || PyModule_AddObjectRef(m, "WordTypes", (PyObject *)&WordTypesType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
