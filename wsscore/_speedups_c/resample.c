/*
 * resample_sums(state, columns, samples): the bootstrap's draws, as random.Random draws them.
 *
 * state is random.Random(seed).getstate()[1] (the Mersenne Twister's 624 words and its
 * position); columns are arrays of integers of any type (array.array), all equally long. Each
 * sample draws len(column) indices, each floor(random() * n) exactly as
 * random.choices(population, k=n) does, and sums every column over them: the result is a list
 * per column of one sum per sample, and the generator's state after the last draw, in the same
 * shape, from which a next call draws the samples that follow (so that samples are drawn a
 * chunk at a time in flat memory). The generator and the double are Python's own (Modules/
 * _randommodule.c), so the C and Python paths draw the very same indices.
 */
#include "speedups.h"

#define MT_N 624
#define MT_M 397

typedef struct {
    uint32_t mt[MT_N];
    uint32_t out[MT_N];  /* mt tempered: the words the generator gives, from index on */
    Py_ssize_t index;
} Twister;

/* The tempering of MT19937, word by word into out: a loop the compiler can vectorise. */
static void
twister_temper(Twister *t)
{
    for (int i = 0; i < MT_N; i++) {
        uint32_t y = t->mt[i];
        y ^= (y >> 11);
        y ^= (y << 7) & 0x9d2c5680U;
        y ^= (y << 15) & 0xefc60000U;
        y ^= (y >> 18);
        t->out[i] = y;
    }
}

/* The next 624 words, as Modules/_randommodule.c's genrand_uint32 makes them (its table lookup
 * mag01[y & 1] written as a mask, the same value without a branch or a load). */
static void
twister_refill(Twister *t)
{
    uint32_t *mt = t->mt, y;
    int kk;
    for (kk = 0; kk < MT_N - MT_M; kk++) {
        y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
        mt[kk] = mt[kk + MT_M] ^ (y >> 1) ^ (-(y & 0x1U) & 0x9908b0dfU);
    }
    for (; kk < MT_N - 1; kk++) {
        y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
        mt[kk] = mt[kk + (MT_M - MT_N)] ^ (y >> 1) ^ (-(y & 0x1U) & 0x9908b0dfU);
    }
    y = (mt[MT_N - 1] & 0x80000000U) | (mt[0] & 0x7fffffffU);
    mt[MT_N - 1] = mt[MT_M - 1] ^ (y >> 1) ^ (-(y & 0x1U) & 0x9908b0dfU);
    twister_temper(t);
    t->index = 0;
}

static inline uint32_t
twister_next(Twister *t)
{
    if (t->index >= MT_N) {
        twister_refill(t);
    }
    return t->out[t->index++];
}

/* random.random(): 53 bits from two words. */
static inline double
random_double(uint32_t first, uint32_t second)
{
    return ((first >> 5) * 67108864.0 + (second >> 6)) * (1.0 / 9007199254740992.0);
}

static double
twister_random(Twister *t)
{
    uint32_t first = twister_next(t);
    return random_double(first, twister_next(t));
}

/* k indices, each floor(random() * n) as random.choices takes it. The product is never
 * negative, so the conversion (which truncates) floors it. Pairs of words are read straight
 * from the tempered block while it has them. */
#define DRAWS_AT_ONCE 512

static void
draw_indices(Twister *t, double n, Py_ssize_t *indices, Py_ssize_t k)
{
    Py_ssize_t i = 0;
    while (i < k) {
        if (t->index + 2 > MT_N) {  /* the pair runs over into the next block */
            indices[i++] = (Py_ssize_t)(twister_random(t) * n);
            continue;
        }
        Py_ssize_t pairs = (MT_N - t->index) / 2;
        if (pairs > k - i) {
            pairs = k - i;
        }
        const uint32_t *words = t->out + t->index;
        for (Py_ssize_t p = 0; p < pairs; p++) {
            indices[i + p] = (Py_ssize_t)(random_double(words[2 * p], words[2 * p + 1]) * n);
        }
        t->index += 2 * pairs;
        i += pairs;
    }
}

static int
twister_from_state(Twister *t, PyObject *state)
{
    PyObject *seq = PySequence_Fast(state, "state: a sequence of 625 ints");
    if (seq == NULL) {
        return -1;
    }
    if (PySequence_Fast_GET_SIZE(seq) != MT_N + 1) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "state: 624 words and a position");
        return -1;
    }
    PyObject **items = PySequence_Fast_ITEMS(seq);
    for (int i = 0; i < MT_N; i++) {
        unsigned long word = PyLong_AsUnsignedLong(items[i]);
        if (word == (unsigned long)-1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        t->mt[i] = (uint32_t)word;
    }
    t->index = PyLong_AsSsize_t(items[MT_N]);
    Py_DECREF(seq);
    if (t->index == -1 && PyErr_Occurred()) {
        return -1;
    }
    if (t->index < 0 || t->index > MT_N) {
        PyErr_SetString(PyExc_ValueError, "state: position out of range");
        return -1;
    }
    twister_temper(t);  /* the words from index on, as the generator would give them */
    return 0;
}

/* The generator's state as random.Random(seed).getstate()[1] gives it (its 624 words and its
 * position), which twister_from_state reads back: a next call goes on where this one stopped. */
static PyObject *
twister_state(const Twister *t)
{
    PyObject *state = PyTuple_New(MT_N + 1);
    if (state == NULL) {
        return NULL;
    }
    for (int i = 0; i <= MT_N; i++) {
        PyObject *item = i < MT_N ? PyLong_FromUnsignedLong(t->mt[i])
                                  : PyLong_FromSsize_t(t->index);
        if (item == NULL) {
            Py_DECREF(state);
            return NULL;
        }
        PyTuple_SET_ITEM(state, i, item);
    }
    return state;
}

/* columns as C arrays of long long, all of the same length (set in *length). */
static long long **
read_columns(PyObject *columns, Py_ssize_t *count, Py_ssize_t *length)
{
    PyObject *seq = PySequence_Fast(columns, "columns: a sequence of lists of ints");
    if (seq == NULL) {
        return NULL;
    }
    *count = PySequence_Fast_GET_SIZE(seq);
    long long **out = PyMem_Calloc(*count ? *count : 1, sizeof(long long *));
    if (out == NULL) {
        Py_DECREF(seq);
        PyErr_NoMemory();
        return NULL;
    }
    *length = -1;
    for (Py_ssize_t c = 0; c < *count; c++) {
        PyObject *column = PySequence_Fast(PySequence_Fast_GET_ITEM(seq, c), "a column of ints");
        if (column == NULL) {
            goto fail;
        }
        Py_ssize_t n = PySequence_Fast_GET_SIZE(column);
        if (*length >= 0 && n != *length) {
            Py_DECREF(column);
            PyErr_SetString(PyExc_ValueError, "columns of different lengths");
            goto fail;
        }
        *length = n;
        Py_ssize_t bytes;
        if (size_mul(n ? n : 1, (Py_ssize_t)sizeof(long long), &bytes) < 0) {
            Py_DECREF(column);
            goto fail;
        }
        out[c] = PyMem_Malloc((size_t)bytes);
        if (out[c] == NULL) {
            Py_DECREF(column);
            PyErr_NoMemory();
            goto fail;
        }
        for (Py_ssize_t i = 0; i < n; i++) {
            out[c][i] = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(column, i));
            if (out[c][i] == -1 && PyErr_Occurred()) {
                Py_DECREF(column);
                goto fail;
            }
        }
        Py_DECREF(column);
    }
    Py_DECREF(seq);
    return out;
fail:
    for (Py_ssize_t c = 0; c < *count; c++) {
        PyMem_Free(out[c]);
    }
    PyMem_Free(out);
    Py_DECREF(seq);
    return NULL;
}

/* sums += the rows at these indices. Rows are 32-bit where every count fits (per-sentence
 * counts always do): half the memory, so that the rows of a large test set stay in the cache
 * the random draws go through. The usual widths (3 counts for a system's intervals, 5 for a
 * paired test) get loops of a known length, which the compiler unrolls. */
#define ADD_ROWS(type, width)                                                                   \
    for (Py_ssize_t i = 0; i < k; i++) {                                                      \
        const type *row = (const type *)rows + indices[i] * (width);                          \
        for (Py_ssize_t c = 0; c < (width); c++) {                                            \
            sums[c] += row[c];                                                                \
        }                                                                                     \
    }

#define ADD_ROWS_OF(type)                                                                       \
    switch (count) {                                                                          \
    case 3:                                                                                   \
        ADD_ROWS(type, 3)                                                                     \
        break;                                                                                \
    case 5:                                                                                   \
        ADD_ROWS(type, 5)                                                                     \
        break;                                                                                \
    default:                                                                                  \
        ADD_ROWS(type, count)                                                                 \
    }

static void
add_rows(long long *sums, const void *rows, int narrow, Py_ssize_t count,
         const Py_ssize_t *indices, Py_ssize_t k)
{
    if (narrow) {
        ADD_ROWS_OF(int32_t)
    }
    else {
        ADD_ROWS_OF(long long)
    }
}

/* A column of integers as resample_sums takes it: a buffer (an array.array of any integer
 * type), read where it lies, so that no copy of the column is made beside the rows. */
typedef struct {
    Py_buffer view;
    char code;  /* the type character of the buffer's format */
} IntColumn;

static size_t
int_code_size(char code)
{
    switch (code) {
    case 'b': case 'B': return 1;
    case 'h': case 'H': return sizeof(short);
    case 'i': case 'I': return sizeof(int);
    case 'l': case 'L': return sizeof(long);
    case 'q': case 'Q': return sizeof(long long);
    default: return 0;
    }
}

static int
int_column_open(IntColumn *column, PyObject *obj)
{
    if (PyObject_GetBuffer(obj, &column->view, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0) {
        return -1;
    }
    const char *format = column->view.format != NULL ? column->view.format : "B";
    format += (*format == '@');
    column->code = format[0];
    size_t size = int_code_size(column->code);
    if (size == 0 || format[1] != '\0' || (size_t)column->view.itemsize != size) {
        PyBuffer_Release(&column->view);
        PyErr_SetString(PyExc_TypeError, "a column: an array of integers");
        return -1;
    }
    return 0;
}

/* Cell i, and whether it fits a long long at all (only the widest unsigned types may not). */
static inline long long
int_column_cell(const IntColumn *column, Py_ssize_t i, int *fits)
{
    const void *buf = column->view.buf;
    *fits = 1;
    switch (column->code) {
    case 'b': return ((const signed char *)buf)[i];
    case 'B': return ((const unsigned char *)buf)[i];
    case 'h': return ((const short *)buf)[i];
    case 'H': return ((const unsigned short *)buf)[i];
    case 'i': return ((const int *)buf)[i];
    case 'I': return ((const unsigned int *)buf)[i];
    case 'l': return ((const long *)buf)[i];
    case 'q': return ((const long long *)buf)[i];
    case 'L': {
        unsigned long value = ((const unsigned long *)buf)[i];
        *fits = value <= (unsigned long)LLONG_MAX;
        return (long long)value;
    }
    default: {
        unsigned long long value = ((const unsigned long long *)buf)[i];
        *fits = value <= (unsigned long long)LLONG_MAX;
        return (long long)value;
    }
    }
}

/* Whether every cell fits 32 bits (0), needs 64 (1), or one fits neither (-1, exception set). */
static int
columns_width(const IntColumn *columns, Py_ssize_t count, Py_ssize_t length)
{
    int wide = 0, fits;
    for (Py_ssize_t c = 0; c < count; c++) {
        for (Py_ssize_t i = 0; i < length; i++) {
            long long value = int_column_cell(&columns[c], i, &fits);
            if (!fits) {
                PyErr_SetString(PyExc_OverflowError, "a count does not fit in 64 bits");
                return -1;
            }
            wide |= value < INT32_MIN || value > INT32_MAX;
        }
    }
    return wide;
}

/* The columns side by side, a sentence's counts together (one cache line per draw), 32-bit
 * where they all fit (*narrow set), else 64-bit. */
static void *
side_by_side(const IntColumn *columns, Py_ssize_t count, Py_ssize_t length, int *narrow)
{
    int wide = columns_width(columns, count, length);
    if (wide < 0) {
        return NULL;
    }
    *narrow = !wide;
    Py_ssize_t bytes;
    if (size_mul(length, count, &bytes) < 0
        || size_mul(bytes > 0 ? bytes : 1,
                    (Py_ssize_t)(*narrow ? sizeof(int32_t) : sizeof(long long)), &bytes)
               < 0) {
        return NULL;
    }
    void *rows = PyMem_Malloc((size_t)bytes);
    if (rows == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    int fits;
    for (Py_ssize_t c = 0; c < count; c++) {
        for (Py_ssize_t i = 0; i < length; i++) {
            long long value = int_column_cell(&columns[c], i, &fits);
            if (*narrow) {
                ((int32_t *)rows)[i * count + c] = (int32_t)value;
            }
            else {
                ((long long *)rows)[i * count + c] = value;
            }
        }
    }
    return rows;
}

/* The rows of a sequence of integer columns, all equally long (*count columns of *length
 * cells), as side_by_side lays them out; NULL with an exception set. */
static void *
rows_of_columns(PyObject *columns, Py_ssize_t *count, Py_ssize_t *length, int *narrow)
{
    PyObject *seq = PySequence_Fast(columns, "columns: a sequence of arrays of integers");
    if (seq == NULL) {
        return NULL;
    }
    *count = PySequence_Fast_GET_SIZE(seq);
    *length = 0;
    void *rows = NULL;
    Py_ssize_t opened = 0;
    IntColumn *views = PyMem_Calloc(*count ? *count : 1, sizeof(IntColumn));
    if (views == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    while (opened < *count) {
        IntColumn *column = &views[opened];
        if (int_column_open(column, PySequence_Fast_GET_ITEM(seq, opened)) < 0) {
            goto done;
        }
        Py_ssize_t n = column->view.len / column->view.itemsize;
        if (opened++ > 0 && n != *length) {
            PyErr_SetString(PyExc_ValueError, "columns of different lengths");
            goto done;
        }
        *length = n;
    }
    rows = side_by_side(views, *count, *length, narrow);
done:
    for (Py_ssize_t c = 0; c < opened; c++) {
        PyBuffer_Release(&views[c].view);
    }
    PyMem_Free(views);
    Py_DECREF(seq);
    return rows;
}

/* Each sample's sums, sample after sample into out (samples x count): plain C, run without the
 * GIL, so that threads resample several systems at once. */
static void
sample_sums(Twister *twister, const void *rows, int narrow, Py_ssize_t count, Py_ssize_t length,
            Py_ssize_t samples, long long *out)
{
    double n = (double)(length > 0 ? length : 0);
    Py_ssize_t indices[DRAWS_AT_ONCE];
    for (Py_ssize_t s = 0; s < samples; s++) {
        long long *sums = out + s * count;
        for (Py_ssize_t done = 0; done < length; done += DRAWS_AT_ONCE) {
            Py_ssize_t k = length - done < DRAWS_AT_ONCE ? length - done : DRAWS_AT_ONCE;
            draw_indices(twister, n, indices, k);
            add_rows(sums, rows, narrow, count, indices, k);
        }
    }
}

/* Per column, a list of its sum in each sample. */
static PyObject *
sums_by_column(const long long *sums, Py_ssize_t count, Py_ssize_t samples)
{
    PyObject *result = PyList_New(count);
    for (Py_ssize_t c = 0; result != NULL && c < count; c++) {
        PyObject *list = PyList_New(samples);
        if (list == NULL) {
            Py_CLEAR(result);
            break;
        }
        PyList_SET_ITEM(result, c, list);
        for (Py_ssize_t s = 0; s < samples; s++) {
            PyObject *value = PyLong_FromLongLong(sums[s * count + c]);
            if (value == NULL) {
                Py_CLEAR(result);
                break;
            }
            PyList_SET_ITEM(list, s, value);
        }
    }
    return result;
}

/* Room for samples x count sums, zeroed (the product checked); NULL with an error set. */
static long long *
zeroed_sums(Py_ssize_t samples, Py_ssize_t count)
{
    Py_ssize_t cells;
    if (size_mul(samples, count, &cells) < 0) {
        return NULL;
    }
    long long *sums = PyMem_Calloc(cells > 0 ? (size_t)cells : 1, sizeof(long long));
    if (sums == NULL) {
        PyErr_NoMemory();
    }
    return sums;
}

PyObject *
resample_sums(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *state, *columns;
    Py_ssize_t samples;
    if (!PyArg_ParseTuple(args, "OOn", &state, &columns, &samples)) {
        return NULL;
    }
    if (samples < 0) {
        PyErr_SetString(PyExc_ValueError, "samples must not be negative");
        return NULL;
    }
    Twister twister;
    if (twister_from_state(&twister, state) < 0) {
        return NULL;
    }
    Py_ssize_t count, length;
    int narrow = 0;
    void *rows = rows_of_columns(columns, &count, &length, &narrow);
    if (rows == NULL) {
        return NULL;
    }
    long long *sums = zeroed_sums(samples, count);
    PyObject *result = NULL;
    if (sums != NULL) {
        Py_BEGIN_ALLOW_THREADS
        sample_sums(&twister, rows, narrow, count, length, samples, sums);
        Py_END_ALLOW_THREADS
        PyObject *by_column = sums_by_column(sums, count, samples);
        PyObject *after = by_column != NULL ? twister_state(&twister) : NULL;
        if (after != NULL) {
            result = PyTuple_Pack(2, by_column, after);
        }
        Py_XDECREF(by_column);
        Py_XDECREF(after);
    }
    PyMem_Free(rows);
    PyMem_Free(sums);
    return result;
}

/* Set bits of a word (portable: not every compiler has a popcount builtin). */
static inline long long
bits_set(uint32_t word)
{
    word = word - ((word >> 1) & 0x55555555U);
    word = (word & 0x33333333U) + ((word >> 2) & 0x33333333U);
    return (long long)((((word + (word >> 4)) & 0x0F0F0F0FU) * 0x01010101U) >> 24);
}

/* The set bits of getrandbits(k), drawing as random.Random does: k <= 32 takes one word shifted
 * right by 32 - k; more takes 32-bit words from the least significant up, the last one shifted
 * right by 32 - its bits. */
static long long
random_bits_set(Twister *t, long long k)
{
    if (k <= 32) {
        return bits_set(twister_next(t) >> (32 - k));
    }
    long long count = 0;
    for (; k > 0; k -= 32) {
        uint32_t word = twister_next(t);
        count += bits_set(k < 32 ? word >> (32 - k) : word);
    }
    return count;
}

/*
 * randomized_moves(state, groups, trials): approximate randomization's swaps. groups holds
 * (size, delta_pp, delta_tp) triples; in each trial a group of k sentences has as many of them
 * swapped as getrandbits(k) has set bits, drawn group after group from a generator in this
 * state (random.Random(seed).getstate()[1]). Returns two lists, one value per trial: the summed
 * swapped * delta_pp and swapped * delta_tp; and the generator's state after the last draw, from
 * which a next call draws the trials that follow.
 */
PyObject *
randomized_moves(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *state, *groups_obj;
    Py_ssize_t trials;
    if (!PyArg_ParseTuple(args, "OOn", &state, &groups_obj, &trials)) {
        return NULL;
    }
    Twister twister;
    if (twister_from_state(&twister, state) < 0) {
        return NULL;
    }
    Py_ssize_t count, length;
    long long **columns = read_columns(groups_obj, &count, &length);
    if (columns == NULL) {
        return NULL;
    }
    PyObject *moved_pp = NULL, *moved_tp = NULL, *after = NULL, *result = NULL;
    if (count != 3) {
        PyErr_SetString(PyExc_ValueError, "groups: sizes, delta_pp and delta_tp");
        goto done;
    }
    for (Py_ssize_t g = 0; g < length; g++) {
        if (columns[0][g] < 1) {
            PyErr_SetString(PyExc_ValueError, "group sizes must be at least 1");
            goto done;
        }
    }
    moved_pp = PyList_New(trials);
    moved_tp = PyList_New(trials);
    if (moved_pp == NULL || moved_tp == NULL) {
        goto done;
    }
    for (Py_ssize_t t = 0; t < trials; t++) {
        long long pp = 0, tp = 0;
        for (Py_ssize_t g = 0; g < length; g++) {
            long long swapped = random_bits_set(&twister, columns[0][g]);
            pp += swapped * columns[1][g];
            tp += swapped * columns[2][g];
        }
        PyObject *a = PyLong_FromLongLong(pp), *b = PyLong_FromLongLong(tp);
        if (a == NULL || b == NULL) {
            Py_XDECREF(a);
            Py_XDECREF(b);
            goto done;
        }
        PyList_SET_ITEM(moved_pp, t, a);
        PyList_SET_ITEM(moved_tp, t, b);
    }
    after = twister_state(&twister);
    if (after != NULL) {
        result = PyTuple_Pack(3, moved_pp, moved_tp, after);
    }
done:
    Py_XDECREF(moved_pp);
    Py_XDECREF(moved_tp);
    Py_XDECREF(after);
    for (Py_ssize_t c = 0; c < count; c++) {
        PyMem_Free(columns[c]);
    }
    PyMem_Free(columns);
    return result;
}

