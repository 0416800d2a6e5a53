"""Human-readable reports: the summary table of ``rlve check`` and the failure details under it."""

from __future__ import annotations

from collections.abc import Sequence

from rlve.testing.report import CheckResult, EnvReport, Failure, format_seconds


def failure_line(failure: Failure) -> str:
    where = []
    if failure.difficulty is not None:
        where.append(f"d={failure.difficulty}")
    if failure.seed is not None:
        where.append(f"seed={failure.seed}")
    if failure.input is not None:
        where.append(f"input {failure.input}")
    prefix = f"[{' '.join(where)}] " if where else ""
    return f"{prefix}{failure.message}"


def check_details(result: CheckResult, limit: int) -> list[str]:
    lines = [f"  {result.name}: {result.failed_cases} failed, {result.cases} passed"]
    for failure in result.failures[:limit]:
        lines.append(f"    - {failure_line(failure)}")
        if failure.reproduce:
            lines.append(f"      reproduce: {failure.reproduce}")
    hidden = result.failed_cases - min(limit, len(result.failures))
    if hidden:
        lines.append(f"    ... and {hidden} more")
    return lines


def report_details(report: EnvReport, limit: int = 3) -> str:
    """Every failed check of one environment, a few failures each, with the command that reproduces them."""
    lines = [f"{report.env} ({report.target}) FAILED"]
    for result in report.checks.values():
        if result.failed_cases:
            lines.extend(check_details(result, limit))
    for warning in report.warnings:
        lines.append(f"  warning: {warning}")
    return "\n".join(lines)


def summary_table(reports: Sequence[EnvReport]) -> str:
    header = (
        "ENVIRONMENT",
        "RESULT",
        "CHECKS",
        "CASES OK/FAILED",
        "SLOWEST GENERATION",
        "SLOWEST VERIFICATION",
        "TIME",
    )
    rows = [header]
    for report in reports:
        passed, run = report.counts()
        ok, bad = report.case_counts()
        rows.append(
            (
                report.env,
                "ok" if report.passed else "FAILED",
                f"{passed}/{run}",
                f"{ok}/{bad}",
                report.slowest_generation.describe() if report.slowest_generation else "-",
                report.slowest_verification.describe() if report.slowest_verification else "-",
                format_seconds(report.elapsed_s),
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    return "\n".join("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip() for row in rows)


def render(reports: Sequence[EnvReport], elapsed_s: float, problems: Sequence[str] = ()) -> str:
    """The whole text report: table, failures, warnings, and one summary line."""
    parts = [summary_table(reports)]
    failing = [report for report in reports if not report.passed]
    for report in failing:
        parts.append(report_details(report))
    warned = [report for report in reports if report.passed and report.warnings]
    for report in warned:
        parts.append("\n".join([f"{report.env}: warnings"] + [f"  warning: {w}" for w in report.warnings]))
    for problem in problems:
        parts.append(f"plugin problem: {problem}")
    verdict = "FAILED" if failing or problems else "ok"
    parts.append(
        f"{verdict}: {len(reports) - len(failing)} of {len(reports)} environments passed in {format_seconds(elapsed_s)}"
        + (f"; {len(problems)} plugin problems" if problems else "")
    )
    return "\n\n".join(parts)
