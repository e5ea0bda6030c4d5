/*
 * configure(...): the definitions the counting functions use, taken from wsscore.core.definitions
 * (the separators, the word-length buckets, the names of the error classes) and the record types
 * of wsscore.core.records, whose fields say in which order a record holds C's values.
 * wsscore.core.backend calls it at import; the counting functions refuse to run before.
 */
#include "speedups.h"

uint32_t separator_bits[BMP_SIZE / 32];
Py_UCS4 astral_separators[MAX_ASTRAL_SEPARATORS];
int astral_separator_count = 0;
int length_buckets = 0;
PyObject *class_names[ERROR_CLASS_COUNT];

static int configured = 0;

/* The values C computes for each kind of record, by name (the lists of speedups.h): a record
 * type's fields are matched to these. */
#define VALUE_NAME(constant, name) #name,
static const char *const count_names[] = {COUNT_VALUE_NAMES(VALUE_NAME)};
static const char *const span_names[] = {SPANS_VALUE_NAMES(VALUE_NAME)};
static const char *const extra_names[] = {EXTRA_VALUE_NAMES(VALUE_NAME)};
static const char *const wrong_word_names[] = {WRONG_WORD_VALUE_NAMES(VALUE_NAME)};
static const char *const line_errors_names[] = {LINE_ERRORS_VALUE_NAMES(VALUE_NAME)};

typedef struct {
    const char *keyword; /* of configure() */
    const char *const *names;
    int count;
} RecordNames;

static const RecordNames record_names[RECORD_KINDS] = {
    {"counts", count_names, COUNT_VALUES},
    {"sentence_spans", span_names, SPANS_VALUES},
    {"extra_counts", extra_names, EXTRA_VALUES},
    {"wrong_word", wrong_word_names, WRONG_WORD_VALUES},
    {"line_errors", line_errors_names, LINE_ERRORS_VALUES},
};

/* Per kind, its type and which value each of its fields holds. */
typedef struct {
    PyTypeObject *type;
    int value_of_field[MAX_RECORD_VALUES];
} RecordShape;

static RecordShape shapes[RECORD_KINDS];

int
check_configured(void)
{
    if (!configured) {
        PyErr_SetString(PyExc_RuntimeError,
                        "wsscore._speedups: call configure(...) first (wsscore.core.backend does)");
    }
    return configured;
}

static int
set_separators(PyObject *separators)
{
    int kind = PyUnicode_KIND(separators);
    const void *data = PyUnicode_DATA(separators);
    memset(separator_bits, 0, sizeof(separator_bits));
    astral_separator_count = 0;
    for (Py_ssize_t i = 0; i < PyUnicode_GET_LENGTH(separators); i++) {
        Py_UCS4 c = PyUnicode_READ(kind, data, i);
        if (c < BMP_SIZE) {
            separator_bits[c >> 5] |= (uint32_t)1 << (c & 31);
        }
        else if (astral_separator_count < MAX_ASTRAL_SEPARATORS) {
            astral_separators[astral_separator_count++] = c;
        }
        else {
            PyErr_SetString(PyExc_ValueError, "configure: too many separators outside the BMP");
            return -1;
        }
    }
    return 0;
}

/* The value named ``field`` among names; -1 with a ValueError when C computes none. */
static int
value_named(const RecordNames *names, PyObject *field)
{
    for (int v = 0; v < names->count; v++) {
        if (PyUnicode_Check(field) && PyUnicode_CompareWithASCIIString(field, names->names[v]) == 0) {
            return v;
        }
    }
    PyErr_Format(PyExc_ValueError, "configure: %s has a field %R that C does not compute",
                 names->keyword, field);
    return -1;
}

/* The shape of a record type (a tuple subclass with _fields): each field's value, every value
 * held once. 0, or -1 with an error set. */
static int
read_shape(RecordShape *shape, const RecordNames *names, PyTypeObject *type)
{
    if (!PyType_IsSubtype(type, &PyTuple_Type)) {
        PyErr_Format(PyExc_TypeError, "configure: %s must be a tuple subclass", names->keyword);
        return -1;
    }
    PyObject *fields = PyObject_GetAttrString((PyObject *)type, "_fields");
    if (fields == NULL || !PyTuple_Check(fields) || PyTuple_GET_SIZE(fields) != names->count) {
        if (fields != NULL || PyErr_ExceptionMatches(PyExc_AttributeError)) {
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError, "configure: %s must have the %d fields C computes",
                         names->keyword, names->count);
        }
        Py_XDECREF(fields);
        return -1;
    }
    int seen[MAX_RECORD_VALUES] = {0};
    for (int f = 0; f < names->count; f++) {
        int v = value_named(names, PyTuple_GET_ITEM(fields, f));
        if (v < 0 || seen[v]++) {
            if (v >= 0) {
                PyErr_Format(PyExc_ValueError, "configure: %s repeats a field", names->keyword);
            }
            Py_DECREF(fields);
            return -1;
        }
        shape->value_of_field[f] = v;
    }
    Py_DECREF(fields);
    shape->type = type;
    return 0;
}

/* Every record's shape read, then all set at once: a refused type changes nothing. */
static int
set_records(PyTypeObject **types)
{
    RecordShape read[RECORD_KINDS];
    for (int kind = 0; kind < RECORD_KINDS; kind++) {
        if (read_shape(&read[kind], &record_names[kind], types[kind]) < 0) {
            return -1;
        }
    }
    for (int kind = 0; kind < RECORD_KINDS; kind++) {
        Py_INCREF(read[kind].type);
        Py_XDECREF(shapes[kind].type);
        shapes[kind] = read[kind];
    }
    return 0;
}

PyObject *
configure(PyObject *module, PyObject *args, PyObject *kwargs)
{
    (void)module;
    static char *keywords[] = {
        "separators", "length_buckets", "split",         "merged",     "crossing",   "counts",
        "sentence_spans", "extra_counts", "wrong_word", "line_errors", NULL};
    PyObject *separators, *names[ERROR_CLASS_COUNT];
    PyTypeObject *types[RECORD_KINDS];
    int buckets;
    if (!PyArg_ParseTupleAndKeywords(
            args, kwargs, "$UiUUUO!O!O!O!O!", keywords, &separators, &buckets, &names[SPLIT],
            &names[MERGED], &names[CROSSING], &PyType_Type, &types[COUNTS_RECORD], &PyType_Type,
            &types[SPANS_RECORD], &PyType_Type, &types[EXTRA_RECORD], &PyType_Type,
            &types[WRONG_WORD_RECORD], &PyType_Type, &types[LINE_ERRORS_RECORD])) {
        return NULL;
    }
    if (buckets < 1 || buckets > MAX_LENGTH_BUCKETS) {
        PyErr_SetString(PyExc_ValueError, "configure: length_buckets out of range");
        return NULL;
    }
    if (set_records(types) < 0 || set_separators(separators) < 0) {
        return NULL;
    }
    length_buckets = buckets;
    for (int i = 0; i < ERROR_CLASS_COUNT; i++) {
        Py_INCREF(names[i]);
        Py_XSETREF(class_names[i], names[i]);
    }
    configured = 1;
    Py_RETURN_NONE;
}

/* ---- building records ------------------------------------------------------------------------ */

/* The values in the kind's field order into a new tuple of ``type`` (tuple itself, or the
 * record type); the references are taken either way. */
static PyObject *
fill_fields(RecordKind kind, PyTypeObject *type, PyObject **values)
{
    const RecordShape *shape = &shapes[kind];
    int count = record_names[kind].count, complete = 1;
    for (int v = 0; v < count; v++) {
        complete &= values[v] != NULL;
    }
    PyObject *record = NULL;
    if (complete) {
        record = type == &PyTuple_Type ? PyTuple_New(count) : type->tp_alloc(type, count);
    }
    if (record == NULL) {
        for (int v = 0; v < count; v++) {
            Py_XDECREF(values[v]);
        }
        return NULL;
    }
    for (int f = 0; f < count; f++) {
        PyTuple_SET_ITEM(record, f, values[shape->value_of_field[f]]);
    }
    return record;
}

PyObject *
record_of(RecordKind kind, PyObject **values)
{
    return fill_fields(kind, shapes[kind].type, values);
}

static PyObject *
fill_numbers(RecordKind kind, PyTypeObject *type, const long long *numbers)
{
    PyObject *values[MAX_RECORD_VALUES];
    for (int v = 0; v < record_names[kind].count; v++) {
        values[v] = PyLong_FromLongLong(numbers[v]);
    }
    return fill_fields(kind, type, values);
}

PyObject *
record_of_numbers(RecordKind kind, const long long *values)
{
    return fill_numbers(kind, shapes[kind].type, values);
}

PyObject *
tuple_of_numbers(RecordKind kind, const long long *values)
{
    return fill_numbers(kind, &PyTuple_Type, values);
}

PyObject *
long_tuple(const long long *values, Py_ssize_t count)
{
    PyObject *tuple = PyTuple_New(count);
    for (Py_ssize_t i = 0; tuple != NULL && i < count; i++) {
        PyObject *value = PyLong_FromLongLong(values[i]);
        if (value == NULL) {
            Py_CLEAR(tuple);
            break;
        }
        PyTuple_SET_ITEM(tuple, i, value);
    }
    return tuple;
}
