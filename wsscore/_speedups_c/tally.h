/* WrongWordTally (tally.c), which the counting walk adds its wrong words and merges to. */
#ifndef WSSCORE_TALLY_H
#define WSSCORE_TALLY_H

#include "speedups.h"
#include "walk.h"

#if defined(__GNUC__)
#pragma GCC visibility push(hidden) /* as speedups.h says why */
#endif

typedef struct {
    PyObject_HEAD
    Table table;
    Buffer entries; /* distinct (class, word, cut) with their counts, in the order first met */
    Buffer text;    /* the entries' characters, Py_UCS4 */
} WrongWordTally;

/* An empty tally; NULL on error. */
WrongWordTally *tally_new(void);

/* A wrong gold word of a walk, counted once: the word is characters [start, end]; its cut runs
 * over the predicted words that share a character with it, from pred_start to the first
 * predicted boundary at or after its last character, with "/" after each but the last. 0, or
 * -1 on error. */
int tally_wrong_word(WrongWordTally *t, const Walk *w, int error, Py_ssize_t start,
                     Py_ssize_t end, Py_ssize_t pred_start);

/* A merge, counted once: the predicted word [pred_start, pred_end] that holds a gold boundary
 * strictly inside it, and the gold words lying wholly inside it, [first, last], with a space
 * after each but the last (words hold no white space, so the gold words can be told apart). */
int tally_merge(WrongWordTally *t, const Walk *w, Py_ssize_t pred_start, Py_ssize_t pred_end,
                Py_ssize_t first, Py_ssize_t last);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif
