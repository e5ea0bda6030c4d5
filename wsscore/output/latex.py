"""LaTeX: a booktabs table as the bakeoff papers print it, ready to paste into a paper.

Numbers read as in Sproat & Emerson (2003): three decimals for ratios, c_r and c_p as
$\\pm$0.0033 (with ``--digits N``: N decimals for ratios, one more for intervals). System
names are escaped; the caption is LaTeX written by the user and is kept as given (it may hold
\\cite or math), so it is not escaped.
"""

from __future__ import annotations

from wsscore.formatting import DEFAULT_DIGITS
from wsscore.metrics.ranking import verdict
from wsscore.output.columns import Column, cell, columns, notes
from wsscore.results import Report, SystemResult

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

_HEADERS = {
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
}


def latex_escape(text: str) -> str:
    """``text`` as LaTeX source that prints it literally."""
    return text.translate(_ESCAPES)


def _comment(text: str) -> str:
    # A line break inside the text would end the comment and leak the rest into the document.
    return "% " + " ".join(text.splitlines())


def _header(column: Column, report: Report) -> str:
    if column.header in _HEADERS:
        return _HEADERS[column.header]
    if column.header.startswith("F(β="):  # columns() names F_β "F(β=2)"
        return f"$F_{{\\beta={report.beta:g}}}$"
    return latex_escape(column.header)


def _cell(column: Column, system: SystemResult, digits: int) -> str:
    # Brackets braced: "[" right after a row's "\\" would be read as an optional argument.
    return cell(
        column,
        system,
        name=latex_escape,
        plus_minus="$\\pm$",
        brackets=("{[}", "{]}"),
        undefined=UNDEFINED,
        digits=digits,
    )


def render_latex(report: Report, caption: str | None = None, digits: int = DEFAULT_DIGITS) -> str:
    cols = columns(report)
    spec = "".join("l" if c.kind == "name" else "r" for c in cols)
    out = [
        _comment(f"signature: {report.signature}"),
        _comment(r"needs \usepackage{booktabs}"),
    ]
    out += [_comment(note) for note in notes(report)]
    out += [
        r"\begin{table}",
        r"\centering",
        f"\\begin{{tabular}}{{{spec}}}",
        r"\toprule",
        " & ".join(_header(c, report) for c in cols) + r" \\",
        r"\midrule",
    ]
    out += [
        " & ".join(_cell(c, system, digits) for c in cols) + r" \\" for system in report.systems
    ]
    out += [r"\bottomrule", r"\end{tabular}"]
    sentence = verdict(report.systems, latex_escape)
    if sentence is not None:
        # A note under the table, in the float so that it moves with it.
        out += [r"\par\smallskip", f"{{\\footnotesize {sentence}\\par}}"]
    if caption is not None:
        # The label only with a caption: without one, \ref would give the section's number.
        out += [f"\\caption{{{caption}}}", f"\\label{{{LABEL}}}"]
    out.append(r"\end{table}")
    return "\n".join(out) + "\n"
