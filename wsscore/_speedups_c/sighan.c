/*
 * The sighan layout: blocks of lines whose characters agree. sighan_blocks is the C of
 * wsscore.core.side_by_side.agreeing_blocks, its reference: GNU diff -y's rows in the C locale,
 * width 130, and the Perl score script's block around them; sighan_utf8_lines, of
 * agreeing_utf8_lines, the same for the leading lines of a run that agree.
 */
#include "speedups.h"

#define SDIFF_TAB 8
#define SDIFF_HALF_WIDTH 61
#define SDIFF_COLUMN2 64
#define SDIFF_SEPARATOR_COLUMN ((SDIFF_HALF_WIDTH + SDIFF_COLUMN2 - 1) / 2)

/* The output: a Buffer of bytes. */
typedef Buffer OutBuffer;

static int
out_put(OutBuffer *out, const char *bytes, Py_ssize_t n)
{
    return buffer_append(out, bytes, n);
}

static inline int
out_byte(OutBuffer *out, char c)
{
    if (out->length < out->allocated) { /* the usual case, without a call */
        out->data[out->length++] = c;
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

/* The words of a line: where each starts, and its length. */
typedef struct {
    const char *start;
    Py_ssize_t length;
} Word;

/* A Buffer of Word. */
typedef Buffer WordList;

#define WORD(list, i) (((const Word *)(list)->data)[i])

/* The words of a line, separated by one space each. */
static int
split_spaced(WordList *words, const char *line, Py_ssize_t n)
{
    words->length = 0;
    const char *end = line + n;
    for (;;) {
        const char *space = memchr(line, ' ', (size_t)(end - line));
        const char *word_end = space != NULL ? space : end;
        Word word = {line, word_end - line};
        if (buffer_append(words, &word, 1) < 0) {
            return -1;
        }
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
            if (*i == gold->length) {
                return *j == pred->length ? 0 : not_agreeing();
            }
            if (*j == pred->length) {
                return not_agreeing();
            }
            if (gold_at != 0 && WORD(gold, *i).length == WORD(pred, *j).length) {
                return 0;
            }
            gold_at += WORD(gold, (*i)++).length;
            pred_at += WORD(pred, (*j)++).length;
        } else if (gold_at < pred_at) {
            if (*i == gold->length) {
                return not_agreeing();
            }
            gold_at += WORD(gold, (*i)++).length;
        } else {
            if (*j == pred->length) {
                return not_agreeing();
            }
            pred_at += WORD(pred, (*j)++).length;
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
        const char *g = i < gold_end ? WORD(gold, i).start : NULL;
        const char *p = j < pred_end ? WORD(pred, j).start : NULL;
        Py_ssize_t g_len = g != NULL ? WORD(gold, i).length : 0;
        Py_ssize_t p_len = p != NULL ? WORD(pred, j).length : 0;
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
    while (i < gold->length) {
        if (j == pred->length) {
            return not_agreeing();
        }
        if (WORD(gold, i).length == WORD(pred, j).length) {
            if (render_row(out, WORD(gold, i).start, WORD(gold, i).length, WORD(pred, j).start,
                           WORD(pred, j).length) < 0) {
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
    return block_figures(out, gold->length, pred->length, correct, substitutions);
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

PyObject *
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
    OutBuffer out = BUFFER_OF(char);
    WordList gold_words = BUFFER_OF(Word), pred_words = BUFFER_OF(Word);
    PyObject *result = NULL;
    if (write_agreeing_blocks(&out, PyBytes_AS_STRING(args[0]), PyBytes_GET_SIZE(args[0]),
                              PyBytes_AS_STRING(args[1]), PyBytes_GET_SIZE(args[1]), first,
                              PyBytes_AS_STRING(header), PyBytes_GET_SIZE(header), &gold_words,
                              &pred_words) == 0) {
        result = PyBytes_FromStringAndSize(out.data != NULL ? out.data : "", out.length);
    }
    Py_DECREF(header);
    buffer_free(&out);
    buffer_free(&gold_words);
    buffer_free(&pred_words);
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
    Py_ssize_t room; /* at most 4 bytes a code point, a space where separators were */
    if (size_mul(n, 4, &room) < 0 || buffer_reserve(out, room + 1) < 0) {
        return -1;
    }
    char *to = out->data + out->length;
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
    out->length = to - out->data;
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
    WordList gold_words = BUFFER_OF(Word), pred_words = BUFFER_OF(Word);
    Py_ssize_t k = 0, status = 0;
    for (; k < count && status == 0; k++) {
        PyObject *g = PyList_GET_ITEM(gold_lines, k), *p = PyList_GET_ITEM(pred_lines, k);
        if (!PyUnicode_Check(g) || !PyUnicode_Check(p)) {
            PyErr_SetString(PyExc_TypeError, "sighan_utf8_lines: the lines are str");
            status = -1;
            break;
        }
        int bad = 0;
        gold->length = pred->length = 0;
        if (spaced_utf8(gold, g, &bad) < 0 || spaced_utf8(pred, p, &bad) < 0) {
            status = -1;
            break;
        }
        if (bad) {
            status = -2;
            break;
        }
        if (!same_but_spaces(gold->data, gold->length, pred->data, pred->length)) {
            break;
        }
        if (gold->length == 0) {
            continue;
        }
        char number[32];
        int n = snprintf(number, sizeof number, "%lld\n", first + k);
        if (out_put(out, PyBytes_AS_STRING(header), PyBytes_GET_SIZE(header)) < 0 ||
            out_put(out, number, n) < 0 || split_spaced(&gold_words, gold->data, gold->length) < 0 ||
            split_spaced(&pred_words, pred->data, pred->length) < 0 ||
            agreeing_rows(out, &gold_words, &pred_words) < 0) {
            status = -1;
        }
    }
    buffer_free(&gold_words);
    buffer_free(&pred_words);
    return status < 0 ? status : k;
}

PyObject *
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
    if (!check_configured()) {
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
    OutBuffer out = BUFFER_OF(char), gold = BUFFER_OF(char), pred = BUFFER_OF(char);
    PyObject *result = NULL;
    Py_ssize_t agreed = write_utf8_lines(&out, args[0], args[1], first, header, &gold, &pred);
    if (agreed == -2) {
        result = Py_NewRef(Py_None);
    } else if (agreed >= 0) {
        result = Py_BuildValue("(ny#)", agreed, out.data != NULL ? out.data : "", out.length);
    }
    Py_DECREF(header);
    buffer_free(&out);
    buffer_free(&gold);
    buffer_free(&pred);
    return result;
}

