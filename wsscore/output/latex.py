"""LaTeX: a booktabs table as the bakeoff papers print it, ready to paste into a paper.

Numbers read as in Sproat & Emerson (2003): three decimals for ratios, c_r and c_p as
$\\pm$0.0033 (with ``--digits N``: N decimals for ratios, one more for intervals). System
names are escaped; the caption is LaTeX written by the user and is kept as given (it may hold
\\cite or math), so it is not escaped.
"""

from __future__ import annotations

from wsscore.output.tables import Document, Table, TableCell, text_of

LABEL = "tab:wsscore"
UNDEFINED = "---"  # an em dash in LaTeX, as "—" in the other tables

# Every character that is special to LaTeX in text mode. < > | print as other glyphs in the
# default OT1 font encoding; [ and ] are braced because a row may follow "\\", which would read
# a leading "[" as its optional argument; line breaks would end a table row or a comment.
_ESCAPES = str.maketrans(
    {
        "\\": r"\textbackslash{}",
        "{": r"\{",
        "}": r"\}",
        "$": r"\$",
        "&": r"\&",
        "#": r"\#",
        "%": r"\%",
        "_": r"\_",
        "^": r"\textasciicircum{}",
        "~": r"\textasciitilde{}",
        "<": r"\textless{}",
        ">": r"\textgreater{}",
        "|": r"\textbar{}",
        "[": "{[}",
        "]": "{]}",
        "\n": " ",
        "\r": " ",
        "\t": " ",
    }
)

HEADERS = {
    "System": "System",
    "Words": "Words",
    "R": "$R$",
    "c_r": "$c_r$",
    "P": "$P$",
    "c_p": "$c_p$",
    "F": "$F$",
    "OOV": "OOV",
    "R_oov": r"$R_{\mathrm{oov}}$",
    "R_iv": r"$R_{\mathrm{iv}}$",
    "TNR": "TNR",
    "P_b": "$P_b$",
    "R_b": "$R_b$",
    "F_b": "$F_b$",
    "F_mean": r"$F_{\mathrm{mean}}$",
    "EM": "EM",
    "P_c": "$P_c$",
    "R_c": "$R_c$",
    "F_c": "$F_c$",
    "P_e": "$P_e$",
    "R_e": "$R_e$",
    "F_e": "$F_e$",
    "P_t": "$P_t$",
    "R_t": "$R_t$",
    "F_t": "$F_t$",
    "r_reward": r"$r_{\mathrm{reward}}$",
    "r_punish": r"$r_{\mathrm{punish}}$",
    "r_b": "$r_b$",
    "p_reward": r"$p_{\mathrm{reward}}$",
    "p_punish": r"$p_{\mathrm{punish}}$",
    "p_b": "$p_b$",
    "f_b": "$f_b$",
    # Sentences and Tokens (docs/metrics.md §5.12).
    "P_sent": r"$P_{\mathrm{sent}}$",
    "R_sent": r"$R_{\mathrm{sent}}$",
    "F_sent": r"$F_{\mathrm{sent}}$",
    "P_tok": r"$P_{\mathrm{tok}}$",
    "R_tok": r"$R_{\mathrm{tok}}$",
    "F_tok": r"$F_{\mathrm{tok}}$",
    "c_f": "$c_F$",
}


def latex_escape(text: str) -> str:
    """``text`` as LaTeX source that prints it literally."""
    return text.translate(_ESCAPES)


def _comment(text: str) -> str:
    # A line break inside the text would end the comment and leak the rest into the document.
    return "% " + " ".join(text.splitlines())


def latex_header(header: str) -> str:
    """A header as LaTeX source: math for the figures' symbols, else escaped."""
    return HEADERS[header] if header in HEADERS else latex_escape(header)


def render_latex(document: Document, caption: str | None = None) -> str:
    """The document's first table in a ``table`` float, its notes in a footnote under it
    (those with LaTeX source), and the caption, with the document's label, when given."""
    table = document.tables[0]
    out = [_comment(f"signature: {document.signature}"), _comment(r"needs \usepackage{booktabs}")]
    out += [_comment(line) for line in document.comments]
    spec = "".join("r" if column.right else "l" for column in table.columns)
    out += [r"\begin{table}", r"\centering", f"\\begin{{tabular}}{{{spec}}}", r"\toprule"]
    out += _group_rows(table)
    headers = [latex_header(c.header) if c.latex is None else c.latex for c in table.columns]
    out += [" & ".join(headers) + r" \\", r"\midrule"]
    out += [" & ".join(map(_cell, row)) + r" \\" for row in table.rows]
    out += [r"\bottomrule", r"\end{tabular}"]
    notes = [latex_escape(n.text) if n.latex is None else n.latex for n in document.notes]
    if any(notes):
        # A note under the table, in the float so that it moves with it.
        out += [r"\par\smallskip", f"{{\\footnotesize {' '.join(filter(None, notes))}\\par}}"]
    if caption is not None:
        # The label only with a caption: without one, \ref would give the section's number.
        out += [f"\\caption{{{caption}}}", f"\\label{{{document.caption_label}}}"]
    out.append(r"\end{table}")
    return "\n".join(out) + "\n"


def _group_rows(table: Table) -> list[str]:
    """The names of the groups of columns over them, each underlined, when they have names."""
    if not any(group.name for group in table.groups):
        return []
    names, rules, start = [""], [], 2
    for group in table.groups:
        names.append(f"\\multicolumn{{{group.size}}}{{c}}{{{latex_escape(group.name)}}}")
        rules.append(f"\\cmidrule(lr){{{start}-{start + group.size - 1}}}")
        start += group.size
    return [" & ".join(names) + r" \\", " ".join(rules)]


def _cell(cell: str | TableCell) -> str:
    if isinstance(cell, TableCell) and cell.latex is not None:
        return cell.latex
    return latex_escape(text_of(cell))
