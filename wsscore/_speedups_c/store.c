/*
 * The one growable buffer and the one hash table of the speed-ups (declared in speedups.h), and
 * the checked arithmetic of every size they compute.
 */
#include "speedups.h"

int
size_mul(Py_ssize_t a, Py_ssize_t b, Py_ssize_t *out)
{
    if (a < 0 || b < 0 || (a > 0 && b > PY_SSIZE_T_MAX / a)) {
        PyErr_SetString(PyExc_OverflowError, "wsscore._speedups: a size out of range");
        return -1;
    }
    *out = a * b;
    return 0;
}

int
size_add(Py_ssize_t a, Py_ssize_t b, Py_ssize_t *out)
{
    if (a < 0 || b < 0 || a > PY_SSIZE_T_MAX - b) {
        PyErr_SetString(PyExc_OverflowError, "wsscore._speedups: a size out of range");
        return -1;
    }
    *out = a + b;
    return 0;
}

/* ---- Buffer ---------------------------------------------------------------------------------- */

/* The first room a buffer takes, in bytes: small buffers cost one allocation. */
#define BUFFER_FIRST_BYTES 256

int
buffer_reserve(Buffer *b, Py_ssize_t more)
{
    Py_ssize_t needed, allocated = b->allocated, bytes;
    if (size_add(b->length, more, &needed) < 0) {
        b->failed = 1;
        return -1;
    }
    if (needed <= b->allocated) {
        return 0;
    }
    if (allocated < BUFFER_FIRST_BYTES / b->item_size) {
        allocated = BUFFER_FIRST_BYTES / b->item_size + 1;
    }
    while (allocated < needed) {
        allocated = allocated <= PY_SSIZE_T_MAX / 2 ? allocated * 2 : needed;
    }
    if (size_mul(allocated, b->item_size, &bytes) < 0) {
        b->failed = 1;
        return -1;
    }
    char *data = PyMem_Realloc(b->data, (size_t)bytes);
    if (data == NULL) {
        b->failed = 1;
        PyErr_NoMemory();
        return -1;
    }
    b->data = data;
    b->allocated = allocated;
    return 0;
}

int
buffer_append(Buffer *b, const void *items, Py_ssize_t n)
{
    if (buffer_reserve(b, n) < 0) {
        return -1;
    }
    memcpy(buffer_at(b, b->length), items, (size_t)(n * b->item_size));
    b->length += n;
    return 0;
}

void
buffer_free(Buffer *b)
{
    PyMem_Free(b->data);
    b->data = NULL;
    b->length = b->allocated = 0;
}

int
writer_open(Writer *w, int kind, Py_ssize_t size)
{
    *w = (Writer){NULL, 0, 0, kind, 0};
    return buffer_reserve(w, size > 0 ? size : 1);
}

PyObject *
writer_close(Writer *w)
{
    PyObject *text = NULL;
    if (!w->failed) {
        text = PyUnicode_FromKindAndData((int)w->item_size, w->data, w->length);
    }
    buffer_free(w);
    return text;
}

/* ---- Table ----------------------------------------------------------------------------------- */

/* The first capacity of a table, in slots. */
#define TABLE_FIRST_SLOTS 16

/* The slots grown to ``capacity`` and every entry placed again by its hash. */
static int
table_rehash(Table *t, Py_ssize_t capacity)
{
    TableSlot *slots = PyMem_Calloc((size_t)capacity, sizeof(TableSlot));
    if (slots == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    size_t mask = (size_t)capacity - 1;
    for (Py_ssize_t i = 0; i < t->capacity; i++) {
        const TableSlot *slot = &t->slots[i];
        if (slot->entry != 0) {
            size_t j = slot->hash & mask;
            while (slots[j].entry != 0) {
                j = (j + 1) & mask;
            }
            slots[j] = *slot;
        }
    }
    PyMem_Free(t->slots);
    t->slots = slots;
    t->capacity = capacity;
    return 0;
}

int
table_reserve(Table *t, Py_ssize_t entries)
{
    Py_ssize_t wanted, capacity = t->capacity ? t->capacity : TABLE_FIRST_SLOTS;
    /* An entry number + 1 is held in 32 bits; the table stays at most half full. */
    if (entries >= (Py_ssize_t)UINT32_MAX || size_mul(entries, 2, &wanted) < 0) {
        PyErr_SetString(PyExc_OverflowError, "wsscore._speedups: too many entries for a table");
        return -1;
    }
    while (capacity < wanted) {
        if (capacity > PY_SSIZE_T_MAX / 2 / (Py_ssize_t)sizeof(TableSlot)) {
            PyErr_SetString(PyExc_OverflowError, "wsscore._speedups: a table out of range");
            return -1;
        }
        capacity *= 2;
    }
    return capacity == t->capacity ? 0 : table_rehash(t, capacity);
}

void
table_free(Table *t)
{
    PyMem_Free(t->slots);
    *t = (Table){NULL, 0, 0};
}
