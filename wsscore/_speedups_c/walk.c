/*
 * The walk over two texts that hold the same characters, and the counts read from it: the words
 * (Counts), the extra counts (ExtraCounts) and the sentences (SentenceSpans), exactly as
 * wsscore.core.reference counts them (docs/metrics.md). Words are runs of characters between
 * separators; lines end at "\n"; S, I, D are counted per sentence, a predicted word belonging to
 * the sentence in which it starts.
 */
#include "walk.h"
#include "vocabulary.h"

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

/* Is a word of (kind, data)[start:end] unknown to the dictionary? -1 on error. A Vocabulary is
 * looked up here, inline; any other container through vocabulary_lacks. */
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
    return vocabulary_lacks(vocabulary, text, kind, data, start, end);
}

void
walk_free(Walk *w)
{
    PyMem_Free(w->codes);
    PyMem_Free(w->chars);
    w->codes = NULL;
    w->chars = NULL;
}

/* Room for the codes (and the characters) of a text of ``length`` characters. 0, or -1. */
static int
walk_alloc(Walk *w, Py_ssize_t length, int keep_chars)
{
    Py_ssize_t chars_size;
    w->codes = NULL;
    w->chars = NULL;
    if (size_mul(length + 1, (Py_ssize_t)sizeof(Py_UCS4), &chars_size) < 0) {
        return -1;
    }
    w->codes = PyMem_Malloc((size_t)length + 1);
    w->chars = keep_chars ? PyMem_Malloc((size_t)chars_size) : NULL;
    if (w->codes == NULL || (keep_chars && w->chars == NULL)) {
        walk_free(w);
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static int walk_equal_kinds(PyObject *gold_text, PyObject *pred_text, PyObject *vocabulary,
                            int keep_chars, Walk *w, int gold_kind, int pred_kind);

/* 1: the texts agree (w filled); 0: they differ; -1: an error is set. The walk is compiled once
 * for each usual pair of kinds (both texts in 2 bytes a character: Chinese; in 1: Latin-1),
 * where every character is read without asking its kind; once for any kinds. Chinese without a
 * dictionary, the commonest run, has a walk of its own, without the code of the lookups. */
int
walk_equal(PyObject *gold_text, PyObject *pred_text, PyObject *vocabulary, int keep_chars, Walk *w)
{
    int gold_kind = PyUnicode_KIND(gold_text), pred_kind = PyUnicode_KIND(pred_text);
    if (gold_kind == PyUnicode_2BYTE_KIND && pred_kind == PyUnicode_2BYTE_KIND
        && vocabulary == Py_None) {
        return walk_equal_kinds(gold_text, pred_text, Py_None, keep_chars, w,
                                PyUnicode_2BYTE_KIND, PyUnicode_2BYTE_KIND);
    }
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
    if (walk_alloc(w, gold.length, keep_chars) < 0) {
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

/* The counts of wsscore.core.records.Counts (the misaligned lines and characters are 0: the
 * characters agree). A gold word is correct when it ends at
 * a boundary both sides share and the boundary before it (or the start) is shared too.
 * Stretches of wrong words run between correct words and stop at gold line ends; each gives
 * min(gold words, predicted words started in it) substitutions. */
void
walk_counts(const Walk *w, long long out[COUNT_VALUES])
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
    out[GOLD_WORDS] = gold_words;
    out[PRED_WORDS] = pred_words;
    out[CORRECT] = correct;
    out[OOV_WORDS] = oov;
    out[OOV_CORRECT] = oov_correct;
    out[SUBSTITUTIONS] = subst;
    out[INSERTIONS] = pred_words - correct - subst;
    out[DELETIONS] = gold_words - correct - subst;
    out[MISALIGNED_LINES] = out[MISALIGNED_CHARS] = 0;
}

/* The class of a wrong gold word over characters [start, end] (docs/metrics.md §5): merged, no
 * predicted boundary inside; split, one inside and predicted boundaries at both ends; crossing,
 * the others. The line's ends are predicted boundaries: the characters are the same. */
int
error_class(const Walk *w, Py_ssize_t start, Py_ssize_t end, int pred_inside)
{
    if (!pred_inside) {
        return MERGED;
    }
    int left = start == 0 || (w->codes[start - 1] & PRED);
    int right = end + 1 == w->n || (w->codes[end] & PRED);
    return left && right ? SPLIT : CROSSING;
}

/* One line's extra counts (docs/metrics.md §5, wsscore.core.records.ExtraCounts): its substrings, the boundaries strictly inside it on each
 * side and on both, its wrong gold words by class; then the counts of the line as a whole
 * (§5.8-5.10, as ExtraCounts.of_sentence gives them): whether it is segmented exactly (from
 * its counts), each character as a word start or not (the first a start on both sides), and
 * the boundaries with the line's two edges; no unit counts (counted in characters). */
void
walk_extras(const Walk *w, const long long counts[COUNT_VALUES], long long out[EXTRA_VALUES])
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
    long long whole = n > 0; /* a line without characters adds no whole-line counts */
    long long exact = whole && counts[GOLD_WORDS] == counts[CORRECT]
                      && counts[PRED_WORDS] == counts[CORRECT];
    out[SUBSTRINGS] = (long long)n * (n + 1) / 2;
    out[GOLD_BOUNDARIES] = inside_gold;
    out[PRED_BOUNDARIES] = inside_pred;
    out[CORRECT_BOUNDARIES] = inside_both;
    out[SPLIT_ERRORS] = classes[SPLIT];
    out[MERGED_ERRORS] = classes[MERGED];
    out[CROSSING_ERRORS] = classes[CROSSING];
    out[EXACT_SENTENCES] = exact;
    out[CHAR_TP] = whole * (inside_both + 1);
    out[CHAR_FP] = whole * (inside_pred - inside_both);
    out[CHAR_TN] = whole * (n - 1 - inside_gold - inside_pred + inside_both);
    out[CHAR_FN] = whole * (inside_gold - inside_both);
    out[EDGE_GOLD_BOUNDARIES] = whole * (inside_gold + 2);
    out[EDGE_PRED_BOUNDARIES] = whole * (inside_pred + 2);
    out[EDGE_CORRECT_BOUNDARIES] = whole * (inside_both + 2);
    out[UNIT_CUTS] = out[UNIT_CUT_WORDS] = 0;
}

/* The sentences of a block (wsscore.core.records.SentenceSpans), a
 * sentence being a line with characters: a predicted one is correct when it starts and ends
 * where a gold line does, with no gold line ending inside it, that is when the line ends
 * before it and its own end are both shared by the two sides, and no line of either side ends
 * between them. Counted from the line ends the walk marked, at no cost to the words. */
void
walk_sentences(const Walk *w, long long out[SPANS_VALUES])
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
    out[SPANS_CORRECT] = correct;
    out[SPANS_GOLD] = gold;
    out[SPANS_PRED] = pred;
}
