/*
 * Vocabulary: a set of strings stored as slices of one text (vocabulary.c), looked up inline by
 * the counting walk (walk.c) for every gold word.
 */
#ifndef WSSCORE_VOCABULARY_H
#define WSSCORE_VOCABULARY_H

#include "speedups.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden) /* as speedups.h says why */
#endif

/* An entry: a slice of the vocabulary's text. */
typedef struct {
    Py_ssize_t start;
    Py_ssize_t length;
} VocabularyEntry;

/* The entries of one or two characters of the Basic Multilingual Plane, nine in ten of the
 * words of a Chinese text, are also indexed where a lookup touches no more than a few cache
 * lines: a bit per character, and a table of pairs (two code points in 32 bits), whose hash is
 * the pair itself mixed one to one (hash_number), so that a slot's hash says which pair it is. */
typedef struct {
    uint32_t single[BMP_SIZE / 32];
    Table pairs; /* no slots for a word list too long for it: its pairs are in the entries only */
} ShortEntries;

typedef struct {
    PyObject_HEAD
    PyObject *text; /* the str the slices point into */
    int kind;
    const void *data;
    Table table;
    Buffer entries; /* of VocabularyEntry */
    ShortEntries *shorts;
} Vocabulary;

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

/* A pair's slot is its own once the hashes match: hash_number is one to one. */
static inline int
same_pair(const void *context, Py_ssize_t entry)
{
    (void)context;
    (void)entry;
    return 1;
}

/* What vocabulary_find looks for: a slice of (kind, data). */
typedef struct {
    const Vocabulary *v;
    int kind;
    const void *data;
    Py_ssize_t start, length;
} SliceSought;

static ALWAYS_INLINE int
same_entry(const void *context, Py_ssize_t entry)
{
    const SliceSought *s = context;
    const VocabularyEntry *e = (const VocabularyEntry *)s->v->entries.data + entry;
    return e->length == s->length
           && same_slice(s->v->kind, s->v->data, e->start, s->kind, s->data, s->start, s->length);
}

static ALWAYS_INLINE int
vocabulary_contains_slice(const Vocabulary *v, int kind, const void *data, Py_ssize_t start,
                          Py_ssize_t length)
{
    if (v->table.count == 0) {
        return 0;
    }
    const ShortEntries *shorts = v->shorts;
    int64_t key = short_key(kind, data, start, length, shorts->pairs.capacity != 0);
    if (key >= 0 && length == 1) {
        return (shorts->single[key >> 5] >> (key & 31)) & 1;
    }
    if (key >= 0) {
        return table_find(&shorts->pairs, hash_number((uint32_t)key), same_pair, NULL)->entry != 0;
    }
    SliceSought sought = {v, kind, data, start, length};
    uint32_t h = hash_code_points(kind, data, start, length);
    return table_find(&v->table, h, same_entry, &sought)->entry != 0;
}

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif
