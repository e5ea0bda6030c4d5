/*
 * wsscore._speedups: the fast path of the scorer in C (optional; wsscore works without it), its
 * functions and types gathered into the module. Each file does one job (docs/architecture.md):
 * store.c the growable buffer and the hash table, config.c the definitions and records,
 * vocabulary.c, walk.c and counting.c the counting, tally.c and word_types.c what it tallies,
 * chars.c, conllu.c and blocks.c the readers' block scans, tags.c the tag counts, resample.c
 * the resampling draws, sighan.c the side-by-side layout, units.c the grapheme clusters.
 *
 * The plain Python reference of every function here is reached through wsscore.core.backend,
 * the only module that imports this one.
 */
#include "speedups.h"

static PyMethodDef module_methods[] = {
    {"configure", (PyCFunction)(void (*)(void))configure, METH_VARARGS | METH_KEYWORDS,
     "configure(*, separators, length_buckets, split, merged, crossing, counts, sentence_spans,\n"
     "extra_counts, wrong_word, line_errors): the definitions the counting functions use\n"
     "(wsscore.core.definitions) and the records they fill (wsscore.core.records), set\n"
     "before any of them runs."},
    {"count_words", (PyCFunction)count_words, METH_O,
     "count_words(text) -> (words, lines with at least one word)."},
    {"chars_words", (PyCFunction)(void (*)(void))chars_words, METH_FASTCALL,
     "chars_words(text, numbers, positions) -> (words text, sentences, longest sentence,\n"
     "lines of each tagged label), or None where the chars text is not in its plainest shape."},
    {"count_block", (PyCFunction)(void (*)(void))count_block, METH_FASTCALL,
     "count_block(gold, pred, vocabulary) -> (Counts, SentenceSpans), or None when the two\n"
     "texts do not hold the same characters. vocabulary: a Vocabulary, a set of str or None."},
    {"count_lines", (PyCFunction)(void (*)(void))count_lines, METH_FASTCALL,
     "count_lines(gold_lines, pred_lines, vocabulary, first_number) -> (agreed, records,\n"
     "totals, None): the leading pairs of lines that hold the same characters, each counted\n"
     "on its own."},
    {"count_lines_extra", (PyCFunction)(void (*)(void))count_lines_extra, METH_FASTCALL,
     "count_lines_extra(...) -> as count_lines, with the lines' extra counts last."},
    {"count_lines_errors", (PyCFunction)(void (*)(void))count_lines_errors, METH_FASTCALL,
     "count_lines_errors(...) -> as count_lines, with (words, correct, wrong, lines, merges)\n"
     "last: what `wsscore errors` needs."},
    {"count_lines_report", (PyCFunction)(void (*)(void))count_lines_report, METH_FASTCALL,
     "count_lines_report(...) -> as count_lines, with (words, correct, wrong, lines,\n"
     "pred_words, pred_unknown, extra, merges) last: what `wsscore report` needs."},
    {"read_tagged_block", (PyCFunction)read_tagged_block, METH_VARARGS,
     "read_tagged_block(text, sep, with_tags) -> (words, tags or None, sentences, tagged\n"
     "tokens), or None for a block that the strict rules of wsscore.core.blocks do not cover."},
    {"mecab_block_words", (PyCFunction)mecab_block_words, METH_O,
     "The lines of words of whole sentences of plain MeCab lines, or None."},
    {"mecab_block_tags", (PyCFunction)mecab_block_tags, METH_VARARGS,
     "mecab_block_tags(head, first, last) -> (words, tags, sentences, tagged) or None"},
    {"kytea_block_words", (PyCFunction)kytea_block_words, METH_O,
     "A block of plain KyTea lines without their tags, or None."},
    {"read_jsonl_block", (PyCFunction)read_jsonl_block, METH_O,
     "read_jsonl_block(text) -> (words, None, sentences, 0), or None for a block that is not\n"
     "lines of JSON arrays of words under the strict rules of wsscore.core.blocks."},
    {"count_tags", (PyCFunction)(void (*)(void))count_tags, METH_FASTCALL,
     "count_tags(gold_words, gold_tags, pred_words, pred_tags, vocabulary) -> (tags, gold by\n"
     "tag, predicted by tag, [(gold tag, predicted tag, correct, correct unknown)], gold words,\n"
     "predicted words, correct, unknown gold words, exactly tagged gold lines, gold lines), or\n"
     "None (wsscore.core.tags)."},
    {"resample_sums", (PyCFunction)resample_sums, METH_VARARGS,
     "resample_sums(state, columns, samples) -> (per column (an array of integers), its sum\n"
     "over each sample's indices, drawn as random.choices draws them from a generator in\n"
     "this state; the generator's state after them)."},
    {"randomized_moves", (PyCFunction)randomized_moves, METH_VARARGS,
     "randomized_moves(state, (sizes, deltas_pp, deltas_tp), trials) -> (moved PP, moved TP\n"
     "per trial, swapping as many of each group as getrandbits(size) has set bits; the\n"
     "generator's state after them)."},
    {"conllu_words", (PyCFunction)(void (*)(void))conllu_words, METH_FASTCALL,
     "conllu_words(text, start, max_chars) -> (words, sentences, lines, end, refused): the\n"
     "plain sentences of CoNLL-U text from start as lines of their FORMs, as\n"
     "wsscore.core.conllu_scan.scan_conllu_words finds them."},
    {"sighan_blocks", (PyCFunction)(void (*)(void))sighan_blocks, METH_FASTCALL,
     "sighan_blocks(gold, pred, first, gold_name, test_name) -> the Perl score script's\n"
     "blocks of lines whose characters agree (wsscore.core.side_by_side.agreeing_blocks)."},
    {"sighan_utf8_lines", (PyCFunction)(void (*)(void))sighan_utf8_lines, METH_FASTCALL,
     "sighan_utf8_lines(gold_lines, pred_lines, first, gold_name, test_name) -> (agreed,\n"
     "blocks) or None: the blocks of the leading lines that agree, in UTF-8\n"
     "(wsscore.core.side_by_side.agreeing_utf8_lines)."},
    {"grapheme_change", (PyCFunction)(void (*)(void))grapheme_change, METH_FASTCALL,
     "grapheme_change(gold_lines, pred_lines) -> what counting in grapheme clusters changes in\n"
     "the extra counts of lines whose characters agree\n"
     "(wsscore.core.unit_change.grapheme_change), an ExtraCounts."},
    {"grapheme_lengths", (PyCFunction)grapheme_lengths, METH_O,
     "grapheme_lengths(text) -> the lengths of the text's extended grapheme clusters."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "wsscore._speedups", "The scorer's fast path, in C.", -1, module_methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC
PyInit__speedups(void)
{
    if (PyType_Ready(&VocabularyType) < 0 || PyType_Ready(&WrongWordTallyType) < 0
        || PyType_Ready(&WordTypesType) < 0) {
        return NULL;
    }
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) {
        return NULL;
    }
    if (PyModule_AddObjectRef(m, "Vocabulary", (PyObject *)&VocabularyType) < 0
        || PyModule_AddObjectRef(m, "WrongWordTally", (PyObject *)&WrongWordTallyType) < 0
        || PyModule_AddObjectRef(m, "WordTypes", (PyObject *)&WordTypesType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
