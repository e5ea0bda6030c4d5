/*
 * CoNLL-U: plain sentences as lines of words.
 *
 * conllu_words(text, start, max_chars) is wsscore.core.conllu_scan.scan_conllu_words: from
 * start, each sentence (its lines up to and including the next empty line, or line of only
 * "\r") that holds only
 * comment lines and word lines with ten columns, numbered 1, 2, 3..., whose FORM is printable
 * without a space, becomes a line of its FORMs; the scan stops at the first other sentence,
 * or at one whose end the text does not reach. The FORMs are copied as they are (same kind of
 * str), so the result is a new str of at most the text's length. */
#include "speedups.h"

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

PyObject *
conllu_words(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
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
    ConlluScan scan = {kind, PyUnicode_DATA(text), PyUnicode_GET_LENGTH(text), BUFFER_OF(char),
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
