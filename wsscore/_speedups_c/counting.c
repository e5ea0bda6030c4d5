/*
 * The counting functions: count_block scores a block of gold lines against prediction lines
 * that hold the same characters (its words and its sentences, the lines perhaps broken
 * elsewhere), exactly as wsscore.core.reference.count_equal_text does, in one pass over the two
 * texts and without a Python object per word; None when the characters differ (the caller then
 * aligns line by line). count_lines does the same for lines one by one, up to the first pair that
 * differs; count_lines_extra, count_lines_errors and count_lines_report gather besides what
 * --extra, `wsscore errors` and `wsscore report` need of each line. count_words counts words and
 * sentences. The plain Python reference is wsscore/core/reference.py.
 */
#include "tally.h"
#include "walk.h"

PyObject *
count_block(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
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
    long long counts[COUNT_VALUES], sentences[SPANS_VALUES];
    walk_counts(&w, counts);
    walk_sentences(&w, sentences);
    walk_free(&w);
    PyObject *counts_record = record_of_numbers(COUNTS_RECORD, counts);
    PyObject *spans_record = record_of_numbers(SPANS_RECORD, sentences);
    if (counts_record == NULL || spans_record == NULL) {
        Py_XDECREF(counts_record);
        Py_XDECREF(spans_record);
        return NULL;
    }
    return Py_BuildValue("(NN)", counts_record, spans_record);
}

/* What walk_errors adds up over the lines: gold words, the correct ones and predicted words by
 * length bucket, and the predicted words not in the vocabulary. */
typedef struct {
    long long words[MAX_LENGTH_BUCKETS];
    long long correct[MAX_LENGTH_BUCKETS];
    long long pred_words[MAX_LENGTH_BUCKETS];
    long long pred_unknown;
} WordSums;

/* Where walk_errors stands in the predicted word it is in: whether a gold boundary lies
 * strictly inside it, and the gold words lying wholly inside it so far (first < 0: none). */
typedef struct {
    int gold_inside;
    Py_ssize_t first, last;
} MergeScan;

/* Adds one line's words to sums (its predicted words too, looked up in vocabulary, unless
 * vocabulary is NULL), its wrong gold words to wrong and its merges to merges; returns how many
 * gold words are wrong, or -1 on error. */
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
            int unknown = vocabulary_lacks(vocabulary, NULL, PyUnicode_4BYTE_KIND, w->chars,
                                           pred_start, k + 1);
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


/* What the count_lines functions gather beside the records: with ``extra``, the extra counts;
 * with ``errors``, the words by length and the wrong words; with ``predicted`` as well, the
 * predicted words by length and those not in the vocabulary. */
typedef struct {
    int extra, errors;
    long long totals[COUNT_VALUES];
    long long extras[EXTRA_VALUES];
    WordSums sums;
    PyObject *vocabulary;            /* the predicted words' lookups, or NULL */
    PyObject *records, *lines;       /* lines: with errors */
    WrongWordTally *wrong, *merges;  /* with errors */
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

static PyObject *
line_errors_record(Py_ssize_t number, Py_ssize_t errors, long long gold_words)
{
    PyObject *values[LINE_ERRORS_VALUES];
    values[LINE_NUMBER] = PyLong_FromSsize_t(number);
    values[LINE_ERRORS] = PyLong_FromSsize_t(errors);
    values[LINE_GOLD_WORDS] = PyLong_FromLongLong(gold_words);
    return record_of(LINE_ERRORS_RECORD, values);
}

/* Gathers one line's wrong words and word lengths. 0, or -1 on error. */
static int
gather_errors(const Walk *w, Py_ssize_t number, long long gold_words, Gathered *g)
{
    Py_ssize_t errors = walk_errors(w, &g->sums, g->vocabulary, g->wrong, g->merges);
    if (errors < 0) {
        return -1;
    }
    if (errors > 0 && append_new(g->lines, line_errors_record(number, errors, gold_words)) < 0) {
        return -1;
    }
    return 0;
}

/* Gathers one line that agrees: its record (number, counts) when it has gold words, with its
 * extras or errors. 0, or -1 on error. */
static int
gather_line(const Walk *w, Py_ssize_t number, Gathered *g)
{
    long long counts[COUNT_VALUES];
    walk_counts(w, counts);
    if (counts[GOLD_WORDS] == 0) {
        return 0; /* a line without gold words has no record and nothing to look at */
    }
    for (int c = 0; c < COUNT_VALUES; c++) {
        g->totals[c] += counts[c];
    }
    PyObject *record = Py_BuildValue("(nN)", number, tuple_of_numbers(COUNTS_RECORD, counts));
    if (append_new(g->records, record) < 0) {
        return -1;
    }
    if (g->extra) {
        long long extras[EXTRA_VALUES];
        walk_extras(w, counts, extras);
        for (int c = 0; c < EXTRA_VALUES; c++) {
            g->extras[c] += extras[c];
        }
    }
    return g->errors ? gather_errors(w, number, counts[GOLD_WORDS], g) : 0;
}

static void
gathered_free(Gathered *g)
{
    Py_XDECREF(g->records);
    Py_XDECREF(g->wrong);
    Py_XDECREF(g->merges);
    Py_XDECREF(g->lines);
}

/* Counts the leading pairs of lines that agree into g, as args give them (gold_lines,
 * pred_lines, vocabulary, first_number); how many agree, or -1 on error. */
static Py_ssize_t
gather_lines(PyObject *const *args, Py_ssize_t nargs, Gathered *g, const char *usage)
{
    Py_ssize_t first_number = nargs == 4 ? PyLong_AsSsize_t(args[3]) : -1;
    if (nargs != 4 || !PyList_Check(args[0]) || !PyList_Check(args[1])
        || PyList_GET_SIZE(args[0]) != PyList_GET_SIZE(args[1]) || first_number < 0) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "%s(gold_lines: list[str], pred_lines: list[str] (as many), "
                     "vocabulary, first_number: int >= 0)", usage);
        return -1;
    }
    g->records = PyList_New(0);
    if (g->errors) {
        g->wrong = tally_new();
        g->merges = tally_new();
        g->lines = PyList_New(0);
    }
    int failed = g->records == NULL
                 || (g->errors && (g->wrong == NULL || g->merges == NULL || g->lines == NULL));
    Py_ssize_t agreed = 0;
    for (; !failed && agreed < PyList_GET_SIZE(args[0]); agreed++) {
        PyObject *gold = PyList_GET_ITEM(args[0], agreed), *pred = PyList_GET_ITEM(args[1], agreed);
        if (!PyUnicode_Check(gold) || !PyUnicode_Check(pred)) {
            PyErr_Format(PyExc_TypeError, "%s: the lines must be str", usage);
            failed = 1;
            break;
        }
        Walk w;
        int agree = walk_equal(gold, pred, args[2], g->errors, &w);
        if (agree <= 0) {
            failed = agree < 0;
            break;
        }
        failed = gather_line(&w, first_number + agreed, g) < 0;
        walk_free(&w);
    }
    return failed ? -1 : agreed;
}

/* (agreed, records, totals, gathered), taking the reference to gathered; NULL if it is NULL. */
static PyObject *
lines_result(Py_ssize_t agreed, Gathered *g, PyObject *gathered)
{
    PyObject *totals = gathered != NULL ? record_of_numbers(COUNTS_RECORD, g->totals) : NULL;
    PyObject *result = NULL;
    if (totals != NULL) {
        result = Py_BuildValue("(nONN)", agreed, g->records, totals, gathered);
    }
    else {
        Py_XDECREF(gathered);
    }
    gathered_free(g);
    return result;
}

/*
 * count_lines(gold_lines, pred_lines, vocabulary, first_number): the leading pairs of lines that
 * hold the same characters, each counted on its own as count_block counts a line (up to the
 * first pair that does not). Returns (agreed, records, totals, None):
 *   agreed:   how many leading pairs agree (the others are not looked at);
 *   records:  (number, counts) of each of those gold lines with words, numbered from
 *             first_number, counts in the field order of Counts (0 misaligned lines and chars);
 *   totals:   the sum of those counts, a Counts.
 * count_lines_extra gives as its last item the lines' extra counts summed, an ExtraCounts;
 * count_lines_errors, (words, correct, wrong, lines, merges): gold words and correct ones by
 * length bucket, a WrongWordTally of the wrong gold words, each as (class name, word, the
 * predicted words over it joined by "/"), a LineWrongWords of each line with a wrong word, and
 * a WrongWordTally of the merges, each as ("merged", the predicted word, the gold words wholly
 * inside it joined by " "); count_lines_report, (words, correct, wrong, lines, pred_words,
 * pred_unknown, extra, merges): as count_lines_errors, with the predicted words by length
 * bucket, those not in the vocabulary and the extra counts. wsscore.core.backend wraps them.
 */
PyObject *
count_lines(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    Gathered g = {0};
    if (!check_configured()) {
        return NULL;
    }
    Py_ssize_t agreed = gather_lines(args, nargs, &g, "count_lines");
    return lines_result(agreed, &g, agreed < 0 ? NULL : Py_NewRef(Py_None));
}

PyObject *
count_lines_extra(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    Gathered g = {0};
    g.extra = 1;
    if (!check_configured()) {
        return NULL;
    }
    Py_ssize_t agreed = gather_lines(args, nargs, &g, "count_lines_extra");
    return lines_result(agreed, &g,
                        agreed < 0 ? NULL : record_of_numbers(EXTRA_RECORD, g.extras));
}

PyObject *
count_lines_errors(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    Gathered g = {0};
    g.errors = 1; /* the predicted words are not counted */
    if (!check_configured()) {
        return NULL;
    }
    Py_ssize_t agreed = gather_lines(args, nargs, &g, "count_lines_errors");
    PyObject *gathered = NULL;
    if (agreed >= 0) {
        gathered = Py_BuildValue("(NNOOO)", long_tuple(g.sums.words, length_buckets),
                                 long_tuple(g.sums.correct, length_buckets), g.wrong, g.lines,
                                 g.merges);
    }
    return lines_result(agreed, &g, gathered);
}

PyObject *
count_lines_report(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    Gathered g = {0};
    g.extra = g.errors = 1;
    if (!check_configured()) {
        return NULL;
    }
    g.vocabulary = nargs == 4 ? args[2] : NULL;
    Py_ssize_t agreed = gather_lines(args, nargs, &g, "count_lines_report");
    PyObject *gathered = NULL;
    if (agreed >= 0) {
        gathered = Py_BuildValue(
            "(NNOONLNO)", long_tuple(g.sums.words, length_buckets),
            long_tuple(g.sums.correct, length_buckets), g.wrong, g.lines,
            long_tuple(g.sums.pred_words, length_buckets), g.sums.pred_unknown,
            record_of_numbers(EXTRA_RECORD, g.extras), g.merges);
    }
    return lines_result(agreed, &g, gathered);
}

PyObject *
count_words(PyObject *Py_UNUSED(module), PyObject *text)
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

