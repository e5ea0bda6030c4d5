/*
 * count_tags(gold_words, gold_tags, pred_words, pred_tags, vocabulary): the tags of gold and
 * predicted text that holds the same characters (line breaks anywhere), counted at once, as
 * wsscore/core/tags.py counts them. Each side is a line of words and a line of their tags per
 * sentence, separated by single spaces. Tags are numbered as they come (a table over the two
 * texts of tags, by their slices); the result is (tags, gold words by tag, predicted words by
 * tag, [(gold tag, predicted tag, correct words, correct unknown words)], gold words, predicted
 * words, correct words, unknown gold words, exactly tagged gold lines, gold lines with words), or
 * None when the texts are not such lines or hold different characters.
 */
#include "speedups.h"

/* A tag: a slice of one side's text of tags, and the words it tags on each side. */
typedef struct {
    const void *data;
    int kind;
    Py_ssize_t start, length;
    long long gold, pred;
} TagEntry;

/* Tags of one or two ASCII characters, the most common, are found by their code points. */
#define SHORT_TAGS (128 * 128)

typedef struct {
    Py_ssize_t short_tags[SHORT_TAGS]; /* tag number + 1, 0 when not seen */
    Table table;
    Buffer tags; /* of TagEntry, by number */
} TagTable;

/* A pair of a gold tag and a predicted tag, and the correct words (and unknown ones) of it. */
typedef struct {
    Py_ssize_t gold_tag, pred_tag;
    long long correct, unknown;
} PairEntry;

typedef struct {
    Table table;
    Buffer pairs; /* of PairEntry */
} PairTable;

/* What tag_number_by_hash looks for. */
typedef struct {
    const TagTable *t;
    int kind;
    const void *data;
    Py_ssize_t start, length;
} TagSought;

static int
same_tag(const void *context, Py_ssize_t entry)
{
    const TagSought *s = context;
    const TagEntry *tag = buffer_at(&s->t->tags, entry);
    return tag->length == s->length
           && same_slice(tag->kind, tag->data, tag->start, s->kind, s->data, s->start, s->length);
}

/* The number of the tag (kind, data)[start:start + length], numbered anew if unseen; -1 on
 * error. */
static Py_ssize_t
tag_number_by_hash(TagTable *t, int kind, const void *data, Py_ssize_t start, Py_ssize_t length)
{
    if (table_reserve(&t->table, t->table.count + 1) < 0) {
        return -1;
    }
    TagSought sought = {t, kind, data, start, length};
    uint32_t h = hash_code_points(kind, data, start, length);
    TableSlot *slot = table_find(&t->table, h, same_tag, &sought);
    if (slot->entry != 0) {
        return (Py_ssize_t)slot->entry - 1;
    }
    TagEntry tag = {data, kind, start, length, 0, 0};
    if (buffer_append(&t->tags, &tag, 1) < 0) {
        return -1;
    }
    table_put(&t->table, slot, h, t->tags.length - 1);
    return t->tags.length - 1;
}

static inline Py_ssize_t
short_tag_key(int kind, const void *data, Py_ssize_t start, Py_ssize_t length)
{
    Py_UCS4 first = PyUnicode_READ(kind, data, start);
    if (first >= 128 || length > 2) {
        return -1;
    }
    if (length == 1) {
        return (Py_ssize_t)first;  /* 1..127: a NUL is never in a tag */
    }
    Py_UCS4 second = PyUnicode_READ(kind, data, start + 1);
    return first == 0 || second >= 128 ? -1 : (Py_ssize_t)(first * 128 + second);
}

static Py_ssize_t
tag_number(TagTable *t, int kind, const void *data, Py_ssize_t start, Py_ssize_t length)
{
    Py_ssize_t key = short_tag_key(kind, data, start, length);
    if (key < 0) {
        return tag_number_by_hash(t, kind, data, start, length);
    }
    if (!t->short_tags[key]) {
        Py_ssize_t n = tag_number_by_hash(t, kind, data, start, length);
        if (n < 0) {
            return -1;
        }
        t->short_tags[key] = n + 1;
    }
    return t->short_tags[key] - 1;
}


static int
same_pair_entry(const void *context, Py_ssize_t entry)
{
    const PairTable *p = ((const void *const *)context)[0];
    const PairEntry *sought = ((const void *const *)context)[1];
    const PairEntry *e = buffer_at(&p->pairs, entry);
    return e->gold_tag == sought->gold_tag && e->pred_tag == sought->pred_tag;
}

static int
pair_table_add(PairTable *p, Py_ssize_t gold_tag, Py_ssize_t pred_tag, int unknown)
{
    if (table_reserve(&p->table, p->table.count + 1) < 0) {
        return -1;
    }
    PairEntry sought = {gold_tag, pred_tag, 0, 0};
    const void *context[2] = {p, &sought};
    uint32_t h = hash_number((uint32_t)gold_tag * 0x9E3779B9U ^ (uint32_t)pred_tag);
    TableSlot *slot = table_find(&p->table, h, same_pair_entry, context);
    if (slot->entry == 0) {
        if (buffer_append(&p->pairs, &sought, 1) < 0) {
            return -1;
        }
        table_put(&p->table, slot, h, p->pairs.length - 1);
    }
    PairEntry *e = buffer_at(&p->pairs, slot->entry - 1);
    e->correct++;
    e->unknown += unknown;
    return 0;
}


/* One side of count_tags: its text of words and its text of tags, read a word at a time in
 * step (where a word ends its line, its tag ends its line too). */
typedef struct {
    PyObject *words;
    int word_kind, tag_kind;
    const void *word_data, *tag_data;
    Py_ssize_t word_length, tag_length, word_at, tag_at;
    int line_start;
} Side;

static void
side_open(Side *side, PyObject *words, PyObject *tags)
{
    *side = (Side){words,
                   PyUnicode_KIND(words),
                   PyUnicode_KIND(tags),
                   PyUnicode_DATA(words),
                   PyUnicode_DATA(tags),
                   PyUnicode_GET_LENGTH(words),
                   PyUnicode_GET_LENGTH(tags),
                   0,
                   0,
                   1};
}

/* Where the token that starts at text[at] ends (at a space, a line feed or the end), and what
 * ends it in *end_code: ' ', '\n', or 0 for the end of the text. */
static inline Py_ssize_t
token_end(int kind, const void *data, Py_ssize_t length, Py_ssize_t at, Py_UCS4 *end_code)
{
    for (; at < length; at++) {
        Py_UCS4 c = PyUnicode_READ(kind, data, at);
        if (c == ' ' || c == '\n') {
            *end_code = c;
            return at;
        }
    }
    *end_code = 0;
    return at;
}

/* The next word of a side, and its tag: 1, 0 at the end of both texts, -1 when they are not
 * lines of words and their tags (not as many, an empty one, or lines that end apart). */
static int
side_next(Side *s, Py_ssize_t *word, Py_ssize_t *word_end, Py_ssize_t *tag, Py_ssize_t *tag_end)
{
    for (;;) {
        int words_done = s->word_at > s->word_length, tags_done = s->tag_at > s->tag_length;
        if (words_done || tags_done) {
            return words_done && tags_done ? 0 : -1;
        }
        Py_UCS4 word_code, tag_code;
        *word = s->word_at;
        *tag = s->tag_at;
        *word_end = token_end(s->word_kind, s->word_data, s->word_length, *word, &word_code);
        *tag_end = token_end(s->tag_kind, s->tag_data, s->tag_length, *tag, &tag_code);
        if (word_code != tag_code) {
            return -1;
        }
        s->word_at = *word_end + 1;
        s->tag_at = *tag_end + 1;
        int empty_word = *word_end == *word, empty_tag = *tag_end == *tag;
        int was_line_start = s->line_start;
        s->line_start = word_code != ' ';
        if (!empty_word && !empty_tag) {
            return 1;
        }
        if (!(empty_word && empty_tag && was_line_start && word_code != ' ')) {
            return -1;  /* an empty word or tag; a line without any is an empty sentence */
        }
    }
}

/* Whether two texts of words hold the same characters (spaces and line feeds aside). */
static int
same_characters(PyObject *a, PyObject *b)
{
    int kind_a = PyUnicode_KIND(a), kind_b = PyUnicode_KIND(b);
    const void *data_a = PyUnicode_DATA(a), *data_b = PyUnicode_DATA(b);
    Py_ssize_t length_a = PyUnicode_GET_LENGTH(a), length_b = PyUnicode_GET_LENGTH(b);
    Py_ssize_t i = 0, j = 0;
    for (;;) {
        Py_UCS4 c = 0, d = 0;
        while (i < length_a && ((c = PyUnicode_READ(kind_a, data_a, i)) == ' ' || c == '\n')) {
            i++;
        }
        while (j < length_b && ((d = PyUnicode_READ(kind_b, data_b, j)) == ' ' || d == '\n')) {
            j++;
        }
        if (i == length_a || j == length_b) {
            return i == length_a && j == length_b;
        }
        if (c != d) {
            return 0;
        }
        i++, j++;
    }
}

typedef struct {
    TagTable tags;
    PairTable pairs;
    Py_ssize_t gold_words, pred_words;
    long long correct, unknown;
    long long exact, sentences;  /* gold lines with words, and those exactly tagged */
} TagCount;

/* The number of a side's tag text[start:end], counting its word on that side; -1 on error. */
static Py_ssize_t
count_tag(TagCount *t, const Side *side, Py_ssize_t start, Py_ssize_t end, int gold_side)
{
    Py_ssize_t n = tag_number(&t->tags, side->tag_kind, side->tag_data, start, end - start);
    if (n >= 0) {
        TagEntry *tag = buffer_at(&t->tags.tags, n);
        *(gold_side ? &tag->gold : &tag->pred) += 1;
    }
    return n;
}

/* The next predicted word (its length in *length and its tag's number in *tag): 1, 0 at the
 * end, -1 when the side is not lines of words and tags, -2 on error. */
static int
next_predicted(TagCount *t, Side *pred, Py_ssize_t *length, Py_ssize_t *tag)
{
    Py_ssize_t word, word_end, tag_start, tag_end;
    int found = side_next(pred, &word, &word_end, &tag_start, &tag_end);
    if (found <= 0) {
        return found;
    }
    t->pred_words++;
    *length = word_end - word;
    *tag = count_tag(t, pred, tag_start, tag_end, 0);
    return *tag < 0 ? -2 : 1;
}

/* Pair the gold words with the predicted words of the same span, counting words and tags: 1, 0
 * when the sides are not lines of words and tags, -1 on error. */
static int
count_pairs(TagCount *t, Side *gold, Side *pred, PyObject *vocabulary)
{
    Py_ssize_t gold_at = 0, pred_at = 0, pred_length = 0, pred_tag = -1;
    Py_ssize_t word, word_end, tag_start, tag_end;
    int pred_found = next_predicted(t, pred, &pred_length, &pred_tag), found = 0;
    int line_exact = 1;  /* every gold word of the line so far has the predicted span and tag */
    while (pred_found >= 0) {
        found = side_next(gold, &word, &word_end, &tag_start, &tag_end);
        if (found <= 0) {
            break;
        }
        Py_ssize_t gold_end = gold_at + word_end - word;
        Py_ssize_t gold_tag = count_tag(t, gold, tag_start, tag_end, 1);
        int unknown = gold_tag < 0 ? -1 : vocabulary_lacks(vocabulary, gold->words, gold->word_kind,
                                                      gold->word_data, word, word_end);
        if (unknown < 0) {
            return -1;
        }
        t->gold_words++;
        t->unknown += unknown;
        while (pred_found > 0 && pred_at < gold_at) {
            pred_at += pred_length;
            pred_found = next_predicted(t, pred, &pred_length, &pred_tag);
        }
        if (pred_found > 0 && pred_at == gold_at && pred_at + pred_length == gold_end) {
            t->correct++;
            line_exact &= gold_tag == pred_tag;  /* one table numbers both sides' tags */
            if (pair_table_add(&t->pairs, gold_tag, pred_tag, unknown) < 0) {
                return -1;
            }
        } else {
            line_exact = 0;
        }
        if (gold->line_start) {  /* this word ended its line */
            t->sentences++;
            t->exact += line_exact;
            line_exact = 1;
        }
        gold_at = gold_end;
    }
    while (pred_found > 0) {  /* the predicted words after the last gold word's start */
        pred_found = next_predicted(t, pred, &pred_length, &pred_tag);
    }
    if (pred_found == -2) {
        return -1;
    }
    return pred_found == 0 && found == 0;
}

/* The words of each tag on one side, by number. */
static PyObject *
words_by_tag(const TagTable *tags, int gold_side)
{
    PyObject *words = PyTuple_New(tags->tags.length);
    for (Py_ssize_t n = 0; words != NULL && n < tags->tags.length; n++) {
        const TagEntry *tag = buffer_at(&tags->tags, n);
        PyObject *count = PyLong_FromLongLong(gold_side ? tag->gold : tag->pred);
        if (count == NULL) {
            Py_CLEAR(words);
            break;
        }
        PyTuple_SET_ITEM(words, n, count);
    }
    return words;
}

/* The tags' names, by number. */
static PyObject *
tag_names(const TagTable *tags)
{
    PyObject *names = PyList_New(tags->tags.length);
    for (Py_ssize_t n = 0; names != NULL && n < tags->tags.length; n++) {
        const TagEntry *tag = buffer_at(&tags->tags, n);
        PyObject *name = PyUnicode_FromKindAndData(
            tag->kind, (const char *)tag->data + tag->start * tag->kind, tag->length);
        if (name == NULL) {
            Py_CLEAR(names);
            break;
        }
        PyList_SET_ITEM(names, n, name);
    }
    return names;
}

/* The pairs as (gold tag, predicted tag, correct, correct unknown), in the order first met. */
static PyObject *
tag_pairs(const PairTable *p)
{
    PyObject *pairs = PyList_New(p->pairs.length);
    for (Py_ssize_t i = 0; pairs != NULL && i < p->pairs.length; i++) {
        const PairEntry *e = buffer_at(&p->pairs, i);
        PyObject *pair = Py_BuildValue("(nnLL)", e->gold_tag, e->pred_tag, e->correct, e->unknown);
        if (pair == NULL) {
            Py_CLEAR(pairs);
            break;
        }
        PyList_SET_ITEM(pairs, i, pair);
    }
    return pairs;
}

static PyObject *
tag_count_result(const TagCount *t)
{
    PyObject *names = tag_names(&t->tags), *pairs = tag_pairs(&t->pairs);
    PyObject *gold = words_by_tag(&t->tags, 1), *pred = words_by_tag(&t->tags, 0);
    PyObject *result = NULL;
    if (names != NULL && pairs != NULL && gold != NULL && pred != NULL) {
        result = Py_BuildValue("(OOOOnnLLLL)", names, gold, pred, pairs, t->gold_words,
                               t->pred_words, t->correct, t->unknown, t->exact, t->sentences);
    }
    Py_XDECREF(names);
    Py_XDECREF(pairs);
    Py_XDECREF(gold);
    Py_XDECREF(pred);
    return result;
}

static void
tag_count_free(TagCount *t)
{
    table_free(&t->tags.table);
    buffer_free(&t->tags.tags);
    table_free(&t->pairs.table);
    buffer_free(&t->pairs.pairs);
    PyMem_Free(t);
}

PyObject *
count_tags(PyObject *Py_UNUSED(module), PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "count_tags takes 5 arguments");
        return NULL;
    }
    for (int k = 0; k < 4; k++) {
        if (!PyUnicode_Check(args[k])) {
            PyErr_SetString(PyExc_TypeError, "count_tags: the texts must be str");
            return NULL;
        }
    }
    if (!same_characters(args[0], args[2])) {
        Py_RETURN_NONE;
    }
    Side gold, pred;
    side_open(&gold, args[0], args[1]);
    side_open(&pred, args[2], args[3]);
    TagCount *t = PyMem_Calloc(1, sizeof(TagCount)); /* its table of short tags is large */
    if (t == NULL) {
        return PyErr_NoMemory();
    }
    t->tags.tags = (Buffer)BUFFER_OF(TagEntry);
    t->pairs.pairs = (Buffer)BUFFER_OF(PairEntry);
    int found = count_pairs(t, &gold, &pred, args[4]);
    PyObject *result = found > 0 ? tag_count_result(t) : found == 0 ? Py_NewRef(Py_None) : NULL;
    tag_count_free(t);
    return result;
}
