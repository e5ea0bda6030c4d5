/*
 * read_tagged_block(text, sep, with_tags) and read_jsonl_block(text): a block of whole lines of
 * a tagged or JSON Lines file read at once, under strict rules that cover the common shapes
 * exactly (wsscore/core/blocks.py is their plain Python reference, and says the rules). They
 * return (words, tags or None, sentences, tagged tokens), or None for a block the rules do not
 * cover: the format's own reader then reads it, and says what is wrong if anything is.
 */
#include "speedups.h"

/* Whether text[i] ends a line: a line feed or the end of the text (so that a carriage return
 * before it, as Windows ends lines, is white space there). */
static inline int
ends_line(int kind, const void *data, Py_ssize_t i, Py_ssize_t length)
{
    return i >= length || PyUnicode_READ(kind, data, i) == '\n';
}

static PyObject *
block_result(Writer *words, Writer *tags, Py_ssize_t sentences, Py_ssize_t tagged)
{
    PyObject *words_text = writer_close(words);
    PyObject *tags_text = tags->data != NULL ? writer_close(tags) : Py_NewRef(Py_None);
    PyObject *result = NULL;
    if (words_text != NULL && tags_text != NULL) {
        result = Py_BuildValue("(OOnn)", words_text, tags_text, sentences, tagged);
    }
    Py_XDECREF(words_text);
    Py_XDECREF(tags_text);
    return result;
}

/* The token text[start:end], split at its last sep (last_sep) and holding a "]" after it when
 * last_bracket > last_sep, written out as word and tag; 0 when it is not word + sep + tag under
 * the strict rules. */
static int
tagged_token(const void *data, int kind, Py_ssize_t start, Py_ssize_t end, Py_ssize_t last_sep,
             Py_ssize_t last_bracket, Writer *words, Writer *tags)
{
    if (PyUnicode_READ(kind, data, start) == '[' || last_sep <= start || last_sep == end - 1
        || last_bracket > last_sep) {
        return 0;
    }
    writer_copy(words, data, start, last_sep);
    if (tags->data != NULL) {
        writer_copy(tags, data, last_sep + 1, end);
    }
    return 1;
}

PyObject *
read_tagged_block(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *text;
    Py_UCS4 sep;
    int with_tags;
    if (!check_configured() || !PyArg_ParseTuple(args, "UCp", &text, &sep, &with_tags)) {
        return NULL;
    }
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t length = PyUnicode_GET_LENGTH(text), sentences = 0, tagged = 0;
    Writer words = {0}, tags = {0};
    if (writer_open(&words, kind, length) < 0
        || (with_tags && writer_open(&tags, kind, length) < 0)) {
        PyMem_Free(words.data);
        return NULL;
    }
    Py_ssize_t i = 0, in_line = 0;
    while (i < length) {
        Py_UCS4 c = PyUnicode_READ(kind, data, i);
        if (c == ' ' || (c == '\r' && ends_line(kind, data, i + 1, length))) {
            i++;
            continue;
        }
        if (c == '\n') {
            writer_put(&words, '\n');
            if (with_tags) {
                writer_put(&tags, '\n');
            }
            sentences++;
            in_line = 0;
            i++;
            continue;
        }
        Py_ssize_t start = i, last_sep = -1, last_bracket = -1;
        int white_space = 0;
        for (; i < length; i++) {
            c = PyUnicode_READ(kind, data, i);
            if (c == ' ' || c == '\n' || (c == '\r' && ends_line(kind, data, i + 1, length))) {
                break;
            }
            if (c == sep) {
                last_sep = i;
            }
            else if (c == ']') {
                last_bracket = i;
            }
            else if (is_white_space(c)) {
                white_space = 1;
            }
        }
        if (in_line) {
            writer_put(&words, ' ');
            if (with_tags) {
                writer_put(&tags, ' ');
            }
        }
        if (white_space
            || !tagged_token(data, kind, start, i, last_sep, last_bracket, &words, &tags)) {
            PyMem_Free(words.data);
            PyMem_Free(tags.data);
            Py_RETURN_NONE;
        }
        in_line = 1;
        tagged++;
    }
    if (length > 0 && PyUnicode_READ(kind, data, length - 1) != '\n') {
        sentences++;  /* the last line, not ended by a line feed */
    }
    return block_result(&words, &tags, sentences, tagged);
}

static inline Py_ssize_t
skip_spaces(const void *data, int kind, Py_ssize_t i, Py_ssize_t length)
{
    while (i < length && PyUnicode_READ(kind, data, i) == ' ') {
        i++;
    }
    return i;
}

/* The JSON string that starts at text[i] (its opening quote) written out as a word; the index
 * after its closing quote, or -1 when it is not a word under the strict rules. */
static Py_ssize_t
json_word(const void *data, int kind, Py_ssize_t i, Py_ssize_t length, Writer *words)
{
    if (i >= length || PyUnicode_READ(kind, data, i) != '"') {
        return -1;
    }
    Py_ssize_t start = ++i;
    for (; i < length; i++) {
        Py_UCS4 c = PyUnicode_READ(kind, data, i);
        if (c == '"') {
            break;
        }
        if (c == '\\' || c < 0x20 || is_white_space(c)) {
            return -1;
        }
    }
    if (i >= length || i == start) {
        return -1;
    }
    writer_copy(words, data, start, i);
    return i + 1;
}

/* The JSON array of words that starts at text[i], as a line of words; the index where its line
 * ends (at its line feed or the end), or -1 when it is not such a line under the strict rules. */
static Py_ssize_t
json_line(const void *data, int kind, Py_ssize_t i, Py_ssize_t length, Writer *words,
          Py_ssize_t *count)
{
    i = skip_spaces(data, kind, i, length);
    if (i >= length || PyUnicode_READ(kind, data, i) != '[') {
        return -1;
    }
    i = skip_spaces(data, kind, i + 1, length);
    if (i < length && PyUnicode_READ(kind, data, i) == ']') {
        i++;
    }
    else {
        for (;;) {
            if (*count > 0) {
                writer_put(words, ' ');
            }
            i = json_word(data, kind, i, length, words);
            if (i < 0) {
                return -1;
            }
            ++*count;
            i = skip_spaces(data, kind, i, length);
            Py_UCS4 c = i < length ? PyUnicode_READ(kind, data, i) : 0;
            if (c == ']') {
                i++;
                break;
            }
            if (c != ',') {
                return -1;
            }
            i = skip_spaces(data, kind, i + 1, length);
        }
    }
    i = skip_spaces(data, kind, i, length);
    if (i < length && PyUnicode_READ(kind, data, i) == '\r' && ends_line(kind, data, i + 1, length)) {
        i++;
    }
    return ends_line(kind, data, i, length) ? i : -1;
}

/* The index of the line feed that ends the line going on at text[i], or -1 where a NUL comes
 * first or no line feed does (MeCab's features: read only to find their end). */
static Py_ssize_t
find_line_end(int kind, const void *data, Py_ssize_t i, Py_ssize_t length)
{
    switch (kind) {
    case PyUnicode_1BYTE_KIND: {
        const Py_UCS1 *chars = data;
        for (; i < length && chars[i] != '\n'; i++) {
            if (chars[i] == 0) {
                return -1;
            }
        }
        break;
    }
    case PyUnicode_2BYTE_KIND: {
        const Py_UCS2 *chars = data;
        for (; i < length && chars[i] != '\n'; i++) {
            if (chars[i] == 0) {
                return -1;
            }
        }
        break;
    }
    default: {
        const Py_UCS4 *chars = data;
        for (; i < length && chars[i] != '\n'; i++) {
            if (chars[i] == 0) {
                return -1;
            }
        }
    }
    }
    return i < length ? i : -1;
}

/* The tag of the MeCab features text[start:end] (no line feed in them), feature fields first
 * to last joined by '-', written out; 0 where the strict rules leave the line to the reader
 * (wsscore.core.blocks.mecab_block_tags): no tag there, a quote in fields 1 to last, or white
 * space in the tag. A carriage return that ends the features is no part of them. */
static int
mecab_tag(const void *data, int kind, Py_ssize_t start, Py_ssize_t end, Py_ssize_t first,
          Py_ssize_t last, Writer *tags)
{
    if (end > start && PyUnicode_READ(kind, data, end - 1) == '\r') {
        end--;
    }
    Py_ssize_t field = 1, written = 0;
    for (Py_ssize_t i = start; i < end && field <= last; i++) {
        Py_UCS4 c = PyUnicode_READ(kind, data, i);
        if (c == ',') {
            if (++field > first && field <= last) {
                writer_put(tags, '-');
            }
            continue;
        }
        if (c == '"' || (field >= first && is_white_space(c))) {
            return 0;
        }
        if (field >= first) {
            writer_put(tags, c);
            written++;
        }
    }
    return field >= last && written > 0;
}

/* mecab_scan for one kind of text, a constant where it is compiled in: a surface is read and
 * written a code point at a time, and a read or write that looks up the kind each time made
 * this scan cost more than decoding the file. */
static ALWAYS_INLINE int
mecab_scan_kind(const int kind, PyObject *text, Writer *words, Writer *tags, Py_ssize_t first,
                Py_ssize_t last, Py_ssize_t *sentences, Py_ssize_t *tagged)
{
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t length = PyUnicode_GET_LENGTH(text), i = 0;
    int open = 0;    /* token lines of a sentence whose EOS has not come yet */
    int pending = 0; /* words of that sentence: the next one follows a space */
    while (i < length) {
        if (i + 3 < length && PyUnicode_READ(kind, data, i) == 'E'
            && PyUnicode_READ(kind, data, i + 1) == 'O' && PyUnicode_READ(kind, data, i + 2) == 'S'
            && PyUnicode_READ(kind, data, i + 3) == '\n') {
            writer_put_kind(kind, words, '\n');
            if (tags != NULL) {
                writer_put_kind(kind, tags, '\n');
            }
            open = pending = 0;
            ++*sentences;
            i += 4;
            continue;
        }
        Py_ssize_t tab = i, word_start = words->length, tag_start = tags ? tags->length : 0;
        if (pending) {
            writer_put_kind(kind, words, ' ');
            if (tags != NULL) {
                writer_put_kind(kind, tags, ' ');
            }
        }
        Py_ssize_t before = words->length; /* where the word starts in the output */
        for (; tab < length; tab++) {
            Py_UCS4 c = PyUnicode_READ(kind, data, tab);
            if (c < ' ') { /* one test for what most characters of a surface are not */
                if (c == '\t' || c == '\n' || c == 0) {
                    break;
                }
                if (tags != NULL && c >= 0x1c && c <= 0x1f && !is_separator(c)) {
                    return 0; /* white space to str.split() alone: the reader reads it */
                }
            }
            if (!is_separator(c)) {
                writer_put_kind(kind, words, c);
            }
        }
        if (tab == i || tab >= length || PyUnicode_READ(kind, data, tab) != '\t') {
            return 0; /* an empty surface, a NUL, or no tab */
        }
        Py_ssize_t end = find_line_end(kind, data, tab + 1, length);
        if (end < 0) {
            return 0;
        }
        if (words->length == before) {
            words->length = word_start; /* white space only: no word, and no space before it */
            if (tags != NULL) {
                tags->length = tag_start;
            }
        }
        else {
            if (tags != NULL && !mecab_tag(data, kind, tab + 1, end, first, last, tags)) {
                return 0;
            }
            pending = 1;
            ++*tagged;
        }
        open = 1;
        i = end + 1;
    }
    return !open; /* else words after the last EOS */
}

/* The words (and with tags, the tags) of whole sentences of plain MeCab lines (EOS, or surface
 * TAB features with a non-empty surface): 1, or 0 where a line is not plain. A surface's white
 * space is dropped, and a surface of white space only is no word. The writers are of the
 * text's kind. */
static int
mecab_scan(PyObject *text, Writer *words, Writer *tags, Py_ssize_t first, Py_ssize_t last,
           Py_ssize_t *sentences, Py_ssize_t *tagged)
{
    return BY_KIND(PyUnicode_KIND(text), mecab_scan_kind, text, words, tags, first, last,
                   sentences, tagged);
}

/* mecab_block_words(head) -> str | None: the lines of words of whole sentences of plain MeCab
 * lines, or None; the reference is wsscore.core.blocks.mecab_block_words. */
PyObject *
mecab_block_words(PyObject *Py_UNUSED(module), PyObject *text)
{
    if (!PyUnicode_Check(text)) {
        PyErr_SetString(PyExc_TypeError, "mecab_block_words(head: str)");
        return NULL;
    }
    if (!check_configured()) {
        return NULL;
    }
    Writer words;
    if (writer_open(&words, PyUnicode_KIND(text), PyUnicode_GET_LENGTH(text)) < 0) {
        return NULL;
    }
    Py_ssize_t sentences = 0, tagged = 0;
    if (!mecab_scan(text, &words, NULL, 0, 0, &sentences, &tagged)) {
        PyMem_Free(words.data);
        Py_RETURN_NONE;
    }
    return writer_close(&words);
}

/* mecab_block_tags(head, first, last) -> (words, tags, sentences, tagged) | None: the same with
 * each word's tag; the reference is wsscore.core.blocks.mecab_block_tags. */
PyObject *
mecab_block_tags(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *text;
    Py_ssize_t first, last;
    if (!check_configured() || !PyArg_ParseTuple(args, "Unn", &text, &first, &last)) {
        return NULL;
    }
    if (first < 1 || last < first) {
        PyErr_SetString(PyExc_ValueError, "mecab_block_tags: fields are 1 <= first <= last");
        return NULL;
    }
    int kind = PyUnicode_KIND(text);
    Py_ssize_t length = PyUnicode_GET_LENGTH(text), sentences = 0, tagged = 0;
    Writer words = {0}, tags = {0};
    if (writer_open(&words, kind, length) < 0 || writer_open(&tags, kind, length) < 0) {
        PyMem_Free(words.data);
        return NULL;
    }
    if (!mecab_scan(text, &words, &tags, first, last, &sentences, &tagged)) {
        PyMem_Free(words.data);
        PyMem_Free(tags.data);
        Py_RETURN_NONE;
    }
    return block_result(&words, &tags, sentences, tagged);
}

/* Whether a backslash at text[i - 1] ends its line (only carriage returns after it): a lone
 * escape, which the reader refuses. */
static int
lone_escape(int kind, const void *data, Py_ssize_t i, Py_ssize_t length)
{
    while (i < length && PyUnicode_READ(kind, data, i) == '\r') {
        i++;
    }
    return ends_line(kind, data, i, length);
}

/* kytea_block_words's scan for one kind of text, a constant where it is compiled in (as in
 * mecab_scan_kind): 1 with the words written out, or 0 where the block is not plain. */
static ALWAYS_INLINE int
kytea_words_kind(const int kind, PyObject *text, Writer *out)
{
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t length = PyUnicode_GET_LENGTH(text);
    int token_start = 1; /* the next character starts a token (or the text) */
    int in_tags = 0;     /* between a token's first slash and the next separator */
    for (Py_ssize_t i = 0; i < length; i++) {
        Py_UCS4 c = PyUnicode_READ(kind, data, i);
        if (c == '\\') {
            if (lone_escape(kind, data, i + 1, length)) {
                return 0;
            }
            c = PyUnicode_READ(kind, data, ++i);
            if (!in_tags && !is_separator(c)) {
                writer_put_kind(kind, out, c);
            }
            token_start = 0;
            continue;
        }
        if (is_separator(c)) {
            writer_put_kind(kind, out, c);
            token_start = 1;
            in_tags = 0;
            continue;
        }
        if (c == '&' && !in_tags) {
            return 0; /* KyTea refuses it in a word */
        }
        if (c == '/') {
            if (token_start) {
                return 0; /* an empty word */
            }
            if (i > 0 && i + 1 < length && PyUnicode_READ(kind, data, i - 1) == ':'
                && PyUnicode_READ(kind, data, i + 1) == '/') {
                return 0; /* an unescaped URL: the reader refuses it */
            }
            in_tags = 1;
        }
        token_start = 0;
        if (!in_tags) {
            writer_put_kind(kind, out, c);
        }
    }
    return 1;
}

/* kytea_block_words(text) -> str | None: a block of KyTea lines with each token's tags removed
 * (from its first unescaped slash up to the next unescaped separator), separators kept, an
 * escaped character part of the word (an escaped separator dropped); None for an empty word (a
 * slash at a token's start), an ampersand in a word, a lone backslash at a line's end or an
 * unescaped URL (://). The reference is wsscore.core.blocks.kytea_block_words. */
PyObject *
kytea_block_words(PyObject *Py_UNUSED(module), PyObject *text)
{
    if (!PyUnicode_Check(text)) {
        PyErr_SetString(PyExc_TypeError, "kytea_block_words(text: str)");
        return NULL;
    }
    if (!check_configured()) {
        return NULL;
    }
    Writer words;
    if (writer_open(&words, PyUnicode_KIND(text), PyUnicode_GET_LENGTH(text)) < 0) {
        return NULL;
    }
    if (BY_KIND(PyUnicode_KIND(text), kytea_words_kind, text, &words)) {
        return writer_close(&words);
    }
    PyMem_Free(words.data);
    Py_RETURN_NONE;
}

PyObject *
read_jsonl_block(PyObject *Py_UNUSED(module), PyObject *text)
{
    if (!check_configured()) {
        return NULL;
    }
    if (!PyUnicode_Check(text)) {
        PyErr_SetString(PyExc_TypeError, "read_jsonl_block(text: str)");
        return NULL;
    }
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t length = PyUnicode_GET_LENGTH(text), sentences = 0, i = 0;
    Writer words = {0}, no_tags = {0};
    if (writer_open(&words, kind, length) < 0) {
        return NULL;
    }
    while (i < length) {
        Py_ssize_t count = 0;
        i = json_line(data, kind, i, length, &words, &count);
        if (i < 0) {
            PyMem_Free(words.data);
            Py_RETURN_NONE;
        }
        sentences++;
        if (i < length) {
            writer_put(&words, '\n');
            i++;
        }
    }
    return block_result(&words, &no_tags, sentences, 0);
}

