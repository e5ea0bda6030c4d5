/*
 * Grapheme clusters (UAX #29), for --unit grapheme.
 *
 * grapheme_change(gold_lines, pred_lines) gives what counting in grapheme clusters changes in
 * the extra counts of pairs of lines whose characters agree, as
 * wsscore.core.unit_change.grapheme_change does: the clusters are found inside each gold word
 * (a separator ends one), and a predicted word edge inside a cluster is a cut, no boundary.
 * grapheme_lengths(text) gives the lengths of a text's clusters (separators are no different
 * there), for the conformance test. The rules are UAX #29's GB1-GB13 and GB999, over the pinned
 * tables of grapheme_tables.h (generated with wsscore/core/grapheme_tables.py from the same
 * data): each code point's properties are a byte, a table lookup in the Basic Multilingual
 * Plane (filled at first use), a binary search per table past it.
 */
#include "speedups.h"
#include "../grapheme_tables.h"

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

PyObject *
grapheme_lengths(PyObject *Py_UNUSED(module), PyObject *text)
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
 * cannot be had. */
static Py_ssize_t
gold_cluster_starts(PyObject *gold, Buffer *starts, Py_ssize_t *chars)
{
    int kind = PyUnicode_KIND(gold);
    const void *data = PyUnicode_DATA(gold);
    Py_ssize_t length = PyUnicode_GET_LENGTH(gold), at = 0, clusters = 0;
    starts->length = 0;
    if (buffer_reserve(starts, length + 1) < 0) {
        return -1;
    }
    uint8_t *marks = (uint8_t *)starts->data;
    ClusterWalk w = {0};
    for (Py_ssize_t i = 0; i < length; i++) {
        Py_UCS4 c = PyUnicode_READ(kind, data, i);
        if (is_separator(c)) {
            w = (ClusterWalk){0};  /* a word starts as a text does: no cluster across two */
            continue;
        }
        int starts_here = cluster_step(&w, grapheme_bits(c));
        marks[at++] = (uint8_t)starts_here;
        clusters += starts_here;
    }
    marks[at] = 1;
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

/* What counting in clusters changes, as an ExtraCounts: fewer substrings and character
 * counts; each cut is a predicted boundary less, a character start less on the predicted side
 * (a true negative more), and a predicted edge less. */
static PyObject *
extra_change(const GraphemeChange *change)
{
    long long values[EXTRA_VALUES] = {0};
    long long cuts = change->cuts;
    values[SUBSTRINGS] = change->substrings;
    values[PRED_BOUNDARIES] = -cuts;
    values[CHAR_FP] = -cuts;
    values[CHAR_TN] = change->fewer + cuts;
    values[EDGE_PRED_BOUNDARIES] = -cuts;
    values[UNIT_CUTS] = cuts;
    values[UNIT_CUT_WORDS] = change->cut_words;
    return record_of_numbers(EXTRA_RECORD, values);
}

PyObject *
grapheme_change(PyObject *Py_UNUSED(module), PyObject *const *args, Py_ssize_t nargs)
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
    Buffer starts = BUFFER_OF(uint8_t);
    Py_ssize_t chars = 0;
    int failed = 0;
    for (Py_ssize_t line = 0; !failed && line < PyList_GET_SIZE(args[0]); line++) {
        PyObject *gold = PyList_GET_ITEM(args[0], line), *pred = PyList_GET_ITEM(args[1], line);
        if (!PyUnicode_Check(gold) || !PyUnicode_Check(pred)) {
            PyErr_SetString(PyExc_TypeError, "grapheme_change: the lines must be str");
            failed = 1;
            break;
        }
        Py_ssize_t clusters = gold_cluster_starts(gold, &starts, &chars);
        failed = clusters < 0;
        if (failed || clusters == chars) {
            continue;  /* every code point a cluster: nothing changes (all Chinese text) */
        }
        change.substrings += (long long)clusters * (clusters + 1) / 2
                             - (long long)chars * (chars + 1) / 2;
        change.fewer += clusters - chars;
        failed = add_pred_cuts(pred, (const uint8_t *)starts.data, chars, &change) < 0;
    }
    buffer_free(&starts);
    if (failed) {
        return NULL;
    }
    return extra_change(&change);
}
