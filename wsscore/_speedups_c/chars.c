/*
 * chars_words(text, numbers, positions): the sentences of a chars file in its plainest shape (a
 * character and a label such as B, M, E, S, or one with a tag whose position it is given, a
 * line) turned into lines of words without a Python call per character. The reference is
 * wsscore.core.reference.chars_words.
 */
#include "speedups.h"

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
    LabelSlot *slot = &slots[hash_code_points(kind, data, start, stop - start) % LABEL_SLOTS];
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

/* The tagged labels a chars text may hold: numbers (label -> number), positions (a number's
 * position), how many lines of each were read, and the labels met so far. */
typedef struct {
    PyObject *numbers, *positions;
    Py_ssize_t *tagged_read;
    LabelSlot *slots;
} CharsLabels;

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

/* The tagged labels' counts as a tuple, by number. */
static PyObject *
labels_read(const Py_ssize_t *tagged_read, Py_ssize_t labels)
{
    PyObject *read = PyTuple_New(labels);
    for (Py_ssize_t i = 0; read != NULL && i < labels; i++) {
        PyObject *count = PyLong_FromSsize_t(tagged_read[i]);
        if (count == NULL) {
            Py_CLEAR(read);
            break;
        }
        PyTuple_SET_ITEM(read, i, count);
    }
    return read;
}

/* One line text[start:stop] (without its line end): 1 read, 0 where the text has another
 * shape, -1 on error. */
static int
chars_line(CharsState *state, PyObject *text, Py_ssize_t start, Py_ssize_t stop,
           const CharsLabels *labels)
{
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    if (stop == start) { /* a blank line ends the sentence */
        chars_end_sentence(state);
        return 1;
    }
    if (stop - start < 3 || is_separator(PyUnicode_READ(kind, data, start))
        || (PyUnicode_READ(kind, data, start + 1) != '\t'
            && PyUnicode_READ(kind, data, start + 1) != ' ')) {
        return 0;
    }
    Py_UCS4 position = PyUnicode_READ(kind, data, start + 2);
    if (stop - start > 3) {
        position = tagged_position(text, start + 2, stop, labels->numbers, labels->positions,
                                   labels->tagged_read, labels->slots);
    }
    if (position == (Py_UCS4)-1) {
        return -1;
    }
    return chars_add(state, PyUnicode_READ(kind, data, start), position);
}

/* Every line of the text: 1, 0 or -1 as chars_line. */
static int
chars_lines(CharsState *state, PyObject *text, const CharsLabels *labels)
{
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t length = PyUnicode_GET_LENGTH(text);
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
        strict = chars_line(state, text, start, stop, labels);
        start = end + 1;
    }
    return strict;
}

PyObject *
chars_words(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (!check_configured()) {
        return NULL;
    }
    if (nargs != 3 || !PyUnicode_Check(args[0]) || !PyDict_Check(args[1])
        || !PyUnicode_Check(args[2])) {
        PyErr_SetString(PyExc_TypeError,
                        "chars_words(text: str, numbers: dict[str, int], positions: str)");
        return NULL;
    }
    PyObject *text = args[0];
    Py_ssize_t labels = PyUnicode_GET_LENGTH(args[2]);
    LabelSlot slots[LABEL_SLOTS] = {{NULL, 0}};
    CharsLabels known = {args[1], args[2], PyMem_Calloc((size_t)labels + 1, sizeof(Py_ssize_t)),
                         slots};
    CharsState state = {BUFFER_OF(char), 0, 0, 0, 0};
    if (known.tagged_read == NULL) {
        return PyErr_NoMemory();
    }
    /* Each labelled line of at least 3 characters and a line feed gives at most 2. */
    PyObject *result = NULL;
    if (writer_open(&state.words, PyUnicode_KIND(text), PyUnicode_GET_LENGTH(text) + 1) == 0) {
        int strict = chars_lines(&state, text, &known);
        if (strict > 0) {
            chars_end_sentence(&state); /* the end of the text ends a sentence */
            PyObject *read = labels_read(known.tagged_read, labels);
            PyObject *words = read != NULL ? writer_close(&state.words) : NULL;
            result = words != NULL ? Py_BuildValue("(NnnN)", words, state.sentences,
                                                   state.longest, read)
                                   : NULL;
            if (words == NULL) {
                Py_XDECREF(read);
            }
        }
        else if (strict == 0) {
            result = Py_NewRef(Py_None);
        }
    }
    for (int i = 0; i < LABEL_SLOTS; i++) {
        Py_XDECREF(slots[i].label);
    }
    buffer_free(&state.words);
    PyMem_Free(known.tagged_read);
    return result;
}
