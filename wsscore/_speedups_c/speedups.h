/*
 * What the files of wsscore._speedups share: the definitions configure() takes from
 * wsscore.core.definitions and wsscore.core.records (config.c), the one growable buffer and the
 * one hash table (store.c), and the types that more than one file reads. Each .c file does one
 * job; docs/architecture.md lists them.
 */
#ifndef WSSCORE_SPEEDUPS_H
#define WSSCORE_SPEEDUPS_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

/* For the few small functions of the innermost loops, compiled into each caller so that what
 * the caller knows (a text's kind) makes them simpler. */
#if defined(__GNUC__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif

/* fn(kind, ...) with the text's kind a constant, for a scan compiled in once per kind (an
 * ALWAYS_INLINE function taking the kind first). */
#define BY_KIND(kind, fn, ...)                                                                  \
    ((kind) == PyUnicode_1BYTE_KIND   ? fn(PyUnicode_1BYTE_KIND, __VA_ARGS__)                    \
     : (kind) == PyUnicode_2BYTE_KIND ? fn(PyUnicode_2BYTE_KIND, __VA_ARGS__)                    \
                                      : fn(PyUnicode_4BYTE_KIND, __VA_ARGS__))

#define BMP_SIZE 0x10000

/* What the files share stays inside the extension (only PyInit__speedups is exported, as
 * PyMODINIT_FUNC declares it): its globals are then read and its functions called directly,
 * not through the tables a shared library's exported names go through. */
#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

/* ---- configuration (config.c): what wsscore.core.definitions defines ----------------------- */

/* The separators: a bit per code point of the Basic Multilingual Plane, and a short list of the
 * others (Unicode White_Space has none there, but the definition is Python's to change). */
#define MAX_ASTRAL_SEPARATORS 16
extern uint32_t separator_bits[BMP_SIZE / 32];
extern Py_UCS4 astral_separators[MAX_ASTRAL_SEPARATORS];
extern int astral_separator_count;

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

/* White space to the strict rules of the block readers: a separator, or one that str.split()
 * splits on. */
static inline int
is_white_space(Py_UCS4 c)
{
    return is_separator(c) || (c >= 0x1c && c <= 0x1f);
}

/* Word lengths in characters are counted in length_buckets buckets: 1, 2, ..., and the last for
 * every longer word. */
#define MAX_LENGTH_BUCKETS 64
extern int length_buckets;

enum { SPLIT = 0, MERGED = 1, CROSSING = 2, ERROR_CLASS_COUNT = 3 };
extern PyObject *class_names[ERROR_CLASS_COUNT]; /* the str each wrong word is labelled with */

/* 1 when configure() has run; else 0 with a RuntimeError set. */
int check_configured(void);

/* ---- records (config.c): the NamedTuples of wsscore.core.records, in their own field order ---
 *
 * C computes each record's values by name (the lists below); configure()
 * is given the record types and matches each of their fields to a value, so that a record is
 * filled in the order its type declares, and a field C does not compute is refused there. */

typedef enum {
    COUNTS_RECORD,       /* wsscore.core.records.Counts */
    SPANS_RECORD,        /* SentenceSpans */
    EXTRA_RECORD,        /* ExtraCounts */
    WRONG_WORD_RECORD,   /* WrongWordFound */
    LINE_ERRORS_RECORD,  /* LineWrongWords */
    RECORD_KINDS
} RecordKind;

/* Each kind's values, an enum constant and its field name written once (an X macro): the
 * enums below and config.c's names are made from these lists. */
#define COUNT_VALUE_NAMES(X)                                                                  \
    X(GOLD_WORDS, gold_words) X(PRED_WORDS, pred_words) X(CORRECT, correct)                 \
    X(OOV_WORDS, oov_words) X(OOV_CORRECT, oov_correct) X(SUBSTITUTIONS, substitutions)     \
    X(INSERTIONS, insertions) X(DELETIONS, deletions)                                       \
    X(MISALIGNED_LINES, misaligned_lines) X(MISALIGNED_CHARS, misaligned_chars)
#define SPANS_VALUE_NAMES(X) X(SPANS_CORRECT, correct) X(SPANS_GOLD, gold) X(SPANS_PRED, pred)
#define EXTRA_VALUE_NAMES(X)                                                                  \
    X(SUBSTRINGS, substrings) X(GOLD_BOUNDARIES, gold_boundaries)                           \
    X(PRED_BOUNDARIES, pred_boundaries) X(CORRECT_BOUNDARIES, correct_boundaries)           \
    X(SPLIT_ERRORS, split_errors) X(MERGED_ERRORS, merged_errors)                           \
    X(CROSSING_ERRORS, crossing_errors) X(EXACT_SENTENCES, exact_sentences)                 \
    X(CHAR_TP, char_tp) X(CHAR_FP, char_fp) X(CHAR_TN, char_tn) X(CHAR_FN, char_fn)         \
    X(EDGE_GOLD_BOUNDARIES, edge_gold_boundaries)                                           \
    X(EDGE_PRED_BOUNDARIES, edge_pred_boundaries)                                           \
    X(EDGE_CORRECT_BOUNDARIES, edge_correct_boundaries) X(UNIT_CUTS, unit_cuts)             \
    X(UNIT_CUT_WORDS, unit_cut_words)
#define WRONG_WORD_VALUE_NAMES(X)                                                             \
    X(WRONG_ERROR, error) X(WRONG_WORD, word) X(WRONG_PREDICTED, predicted)
#define LINE_ERRORS_VALUE_NAMES(X)                                                            \
    X(LINE_NUMBER, number) X(LINE_ERRORS, errors) X(LINE_GOLD_WORDS, gold_words)

#define VALUE_ENUM(constant, name) constant,
enum { COUNT_VALUE_NAMES(VALUE_ENUM) COUNT_VALUES };
enum { SPANS_VALUE_NAMES(VALUE_ENUM) SPANS_VALUES };
enum { EXTRA_VALUE_NAMES(VALUE_ENUM) EXTRA_VALUES };
enum { WRONG_WORD_VALUE_NAMES(VALUE_ENUM) WRONG_WORD_VALUES };
enum { LINE_ERRORS_VALUE_NAMES(VALUE_ENUM) LINE_ERRORS_VALUES };

#define MAX_RECORD_VALUES EXTRA_VALUES

/* A record of this kind holding the values (indexed by the kind's enum), whose references it
 * takes; NULL when a value is NULL (its error set) or memory runs out. Built as tuple's own
 * constructor builds a subclass, without calling Python. */
PyObject *record_of(RecordKind kind, PyObject **values);
/* The same of numbers. */
PyObject *record_of_numbers(RecordKind kind, const long long *values);
/* The numbers as a plain tuple in the record's field order (cheaper than a record, for the
 * records of every line, which wsscore.core.records.SentenceRecords packs into columns). */
PyObject *tuple_of_numbers(RecordKind kind, const long long *values);
/* A tuple of count numbers, in their order. */
PyObject *long_tuple(const long long *values, Py_ssize_t count);

/* ---- checked sizes (store.c) ----------------------------------------------------------------- */

/* *out = a * b, or a + b, for sizes (not negative); 0, or -1 with an OverflowError set. */
int size_mul(Py_ssize_t a, Py_ssize_t b, Py_ssize_t *out);
int size_add(Py_ssize_t a, Py_ssize_t b, Py_ssize_t *out);

/* ---- Buffer (store.c): the one growable array ---------------------------------------------- */

/* Items of one size end to end, grown by doubling: every size is computed with overflow checks.
 * A Writer is a Buffer of code points whose item size is their kind (1, 2 or 4 bytes): the text
 * of the str a function returns. Once growing failed, ``failed`` is set and stays set. */
typedef struct {
    char *data;
    Py_ssize_t length;     /* items written */
    Py_ssize_t allocated;  /* items there is room for */
    Py_ssize_t item_size;
    int failed;
} Buffer;

typedef Buffer Writer;

#define BUFFER_OF(type) {NULL, 0, 0, (Py_ssize_t)sizeof(type), 0}

/* Room for ``more`` items after the written ones. 0, or -1 with an error set. */
int buffer_reserve(Buffer *b, Py_ssize_t more);
/* Appends n items; 0, or -1 with an error set. */
int buffer_append(Buffer *b, const void *items, Py_ssize_t n);
void buffer_free(Buffer *b);

static inline void *
buffer_at(const Buffer *b, Py_ssize_t i)
{
    return b->data + i * b->item_size;
}

/* A writer of code points of this kind with room for size of them. 0, or -1. */
int writer_open(Writer *w, int kind, Py_ssize_t size);
/* The writer's text as a str (it is freed either way); NULL on error, growing's included. */
PyObject *writer_close(Writer *w);

/* A code point written out by a writer whose kind the caller knows: a constant where a scan is
 * compiled in once per kind (a kind read from the writer at each write cost a MeCab scan more
 * than decoding the file). */
static ALWAYS_INLINE void
writer_put_kind(const int kind, Writer *w, Py_UCS4 c)
{
    if (w->length >= w->allocated && buffer_reserve(w, 1) < 0) {
        return; /* failed is set: writer_close gives the error */
    }
    PyUnicode_WRITE(kind, w->data, w->length, c);
    w->length++;
}

static inline void
writer_put(Writer *w, Py_UCS4 c)
{
    writer_put_kind((int)w->item_size, w, c);
}

/* Copies data[start:end], of the writer's kind. */
static inline void
writer_copy(Writer *w, const void *data, Py_ssize_t start, Py_ssize_t end)
{
    if (w->length + (end - start) > w->allocated && buffer_reserve(w, end - start) < 0) {
        return;
    }
    memcpy(w->data + w->length * w->item_size, (const char *)data + start * w->item_size,
           (size_t)((end - start) * w->item_size));
    w->length += end - start;
}

/* ---- Table (store.c): the one hash table ---------------------------------------------------- */

/* An open-addressing index over entries that its user keeps (in a Buffer, numbered from 0):
 * a slot holds an entry's hash and number, so that the table grows without its user. At most
 * half full. */
typedef struct {
    uint32_t hash;
    uint32_t entry; /* the entry's number + 1; 0: an empty slot */
} TableSlot;

typedef struct {
    TableSlot *slots;
    Py_ssize_t capacity; /* a power of two, or 0 before table_reserve */
    Py_ssize_t count;
} Table;

/* Room for ``entries`` entries in all (slots doubled and entries placed again as needed). 0, or
 * -1 with an error set. */
int table_reserve(Table *t, Py_ssize_t entries);
void table_free(Table *t);

/* Whether the entry numbered ``entry`` is the one sought (context: what is sought). */
typedef int (*TableSame)(const void *context, Py_ssize_t entry);

/* The slot of the sought entry (a slot whose hash matches and which ``same`` accepts), or the
 * empty slot where it would go. The table has room (table_reserve). */
static ALWAYS_INLINE TableSlot *
table_find(const Table *t, uint32_t hash, TableSame same, const void *context)
{
    size_t mask = (size_t)t->capacity - 1;
    for (size_t i = hash & mask;; i = (i + 1) & mask) {
        TableSlot *slot = &t->slots[i];
        if (slot->entry == 0
            || (slot->hash == hash && same(context, (Py_ssize_t)slot->entry - 1))) {
            return slot;
        }
    }
}

/* Fills the empty slot table_find gave with entry number ``entry``. */
static inline void
table_put(Table *t, TableSlot *slot, uint32_t hash, Py_ssize_t entry)
{
    slot->hash = hash;
    slot->entry = (uint32_t)(entry + 1);
    t->count++;
}

/* ---- hashes (store.c) ------------------------------------------------------------------------ */

/* FNV-1a over the code points of (kind, data)[start:start + length], folded to 32 bits. */
static ALWAYS_INLINE uint32_t
hash_code_points(int kind, const void *data, Py_ssize_t start, Py_ssize_t length)
{
    uint64_t h = 1469598103934665603ULL;
    for (Py_ssize_t i = start; i < start + length; i++) {
        h ^= (uint64_t)PyUnicode_READ(kind, data, i);
        h *= 1099511628211ULL;
    }
    return (uint32_t)(h ^ (h >> 32));
}

/* A number mixed into a hash (MurmurHash3's finaliser): a bijection of 32-bit numbers, so that
 * equal hashes mean equal numbers. */
static inline uint32_t
hash_number(uint32_t x)
{
    x ^= x >> 16;
    x *= 0x85ebca6bU;
    x ^= x >> 13;
    x *= 0xc2b2ae35U;
    x ^= x >> 16;
    return x;
}

/* Whether two slices of code points are equal. */
static ALWAYS_INLINE int
same_slice(int kind_a, const void *data_a, Py_ssize_t start_a, int kind_b, const void *data_b,
           Py_ssize_t start_b, Py_ssize_t length)
{
    if (kind_a == kind_b && length > 8) {
        return memcmp((const char *)data_a + start_a * kind_a,
                      (const char *)data_b + start_b * kind_b, (size_t)(length * kind_a))
               == 0;
    }
    /* Most words are a few characters: compared here, without the call to memcmp. */
    for (Py_ssize_t i = 0; i < length; i++) {
        if (PyUnicode_READ(kind_a, data_a, start_a + i)
            != PyUnicode_READ(kind_b, data_b, start_b + i)) {
            return 0;
        }
    }
    return 1;
}

/* ---- types that several files read ---------------------------------------------------------- */

extern PyTypeObject VocabularyType;    /* vocabulary.c */
extern PyTypeObject WrongWordTallyType; /* tally.c */
extern PyTypeObject WordTypesType;     /* word_types.c */

/* Whether the vocabulary (a Vocabulary, any container of str, or None: nothing is unknown) lacks
 * the word (kind, data)[start:end]; text is the str of data, for a container that needs one.
 * 1, 0, or -1 on error. */
int vocabulary_lacks(PyObject *vocabulary, PyObject *text, int kind, const void *data,
                     Py_ssize_t start, Py_ssize_t end);

/* ---- the module's functions (module.c gathers them), each in the file of its job ----------- */

PyObject *configure(PyObject *module, PyObject *args, PyObject *kwargs);        /* config.c */
PyObject *count_block(PyObject *module, PyObject *const *args, Py_ssize_t nargs); /* counting.c */
PyObject *count_lines(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
PyObject *count_lines_extra(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
PyObject *count_lines_errors(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
PyObject *count_lines_report(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
PyObject *count_words(PyObject *module, PyObject *text);
PyObject *chars_words(PyObject *module, PyObject *const *args, Py_ssize_t nargs); /* chars.c */
PyObject *conllu_words(PyObject *module, PyObject *const *args, Py_ssize_t nargs); /* conllu.c */
PyObject *read_tagged_block(PyObject *module, PyObject *args);                  /* blocks.c */
PyObject *read_jsonl_block(PyObject *module, PyObject *text);
PyObject *mecab_block_words(PyObject *module, PyObject *text);
PyObject *mecab_block_tags(PyObject *module, PyObject *args);
PyObject *kytea_block_words(PyObject *module, PyObject *text);
PyObject *count_tags(PyObject *module, PyObject *const *args, Py_ssize_t nargs);  /* tags.c */
PyObject *resample_sums(PyObject *module, PyObject *args);                      /* resample.c */
PyObject *randomized_moves(PyObject *module, PyObject *args);
PyObject *sighan_blocks(PyObject *module, PyObject *const *args, Py_ssize_t nargs); /* sighan.c */
PyObject *sighan_utf8_lines(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
PyObject *grapheme_change(PyObject *module, PyObject *const *args, Py_ssize_t nargs); /* units.c */
PyObject *grapheme_lengths(PyObject *module, PyObject *text);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif
