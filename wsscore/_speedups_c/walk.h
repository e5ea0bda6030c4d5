/*
 * The walk over a gold and a predicted text that hold the same characters (walk.c): a code byte
 * per character, for the boundary after it, from which the counts are read.
 */
#ifndef WSSCORE_WALK_H
#define WSSCORE_WALK_H

#include "speedups.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden) /* as speedups.h says why */
#endif

/* A character's code: a gold (a predicted) word ends with it; the gold's (the prediction's) line
 * ends after it, with more text to follow; the gold word it ends is unknown. */
enum { GOLD = 2, PRED = 1, LINE_END = 4, OOV = 8, PRED_LINE_END = 16 };

/* One code byte per character, for the boundary after it, and (when chars is not NULL) the
 * characters themselves. */
typedef struct {
    unsigned char *codes;
    Py_UCS4 *chars;
    Py_ssize_t n;
} Walk;

/* 1: the texts agree (w filled, to be freed with walk_free); 0: they differ; -1: an error is
 * set. keep_chars: the walk keeps the characters (for the wrong words). */
int walk_equal(PyObject *gold_text, PyObject *pred_text, PyObject *vocabulary, int keep_chars,
               Walk *w);
void walk_free(Walk *w);

/* The counts of wsscore.core.records.Counts (the misaligned lines and characters are 0: the
 * characters agree), indexed by the COUNT_VALUES names. */
void walk_counts(const Walk *w, long long out[COUNT_VALUES]);
/* One line's extra counts (ExtraCounts, its unit counts 0: counted in characters). */
void walk_extras(const Walk *w, const long long counts[COUNT_VALUES], long long out[EXTRA_VALUES]);
/* The sentences of a block (SentenceSpans). */
void walk_sentences(const Walk *w, long long out[SPANS_VALUES]);
/* The class of a wrong gold word over characters [start, end] (SPLIT, MERGED or CROSSING). */
int error_class(const Walk *w, Py_ssize_t start, Py_ssize_t end, int pred_inside);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif
