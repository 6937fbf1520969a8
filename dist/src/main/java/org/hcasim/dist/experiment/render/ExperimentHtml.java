package org.hcasim.dist.experiment.render;

import java.util.List;
import java.util.Map;
import org.hcasim.dist.experiment.compare.Cell;
import org.hcasim.dist.experiment.compare.CellComparison;
import org.hcasim.dist.experiment.compare.ExperimentOutcome;
import org.hcasim.dist.experiment.compare.PolicyComparison;
import org.hcasim.dist.experiment.grid.PointRun;
import org.hcasim.dist.report.Html;
import org.hcasim.dist.report.Numbers;
import org.hcasim.dist.report.RunReportHtml;

/**
 * {@code index.html}: per experiment its setup, the cell table, the policy comparisons, the summary with
 * every miss, the plots (linked SVG files next to the page, PNG as a link), and each point's run report.
 * Styles are inline and nothing is fetched, so the page renders offline.
 */
public final class ExperimentHtml {
    private ExperimentHtml() { }

    /** {@code plotFiles}: per experiment name, per metric, the plot's file base name (without extension). */
    public static String index(List<ExperimentOutcome> outcomes, Map<String, Map<String, String>> plotFiles) {
        StringBuilder b = new StringBuilder("<h1>hcasim: simulated against reference</h1>\n<ul>\n");
        for (ExperimentOutcome o : outcomes) {
            String n = o.experiment().name();
            b.append("<li><a href=\"#").append(Html.escape(n)).append("\">").append(Html.escape(n)).append("</a>: ")
                    .append(summaryLine(o)).append("</li>\n");
        }
        b.append("</ul>\n");
        for (ExperimentOutcome o : outcomes) {
            section(b, o, plotFiles.getOrDefault(o.experiment().name(), Map.of()));
        }
        return Html.page("hcasim experiments", b.toString());
    }

    private static String summaryLine(ExperimentOutcome o) {
        var s = o.summary();
        String text = s.cellsCompared() + " cells"
                + (s.relative().cells() == 0 ? "" : ", mean |error| " + Numbers.pct(s.relative().meanAbs())
                        + ", max " + Numbers.pct(s.relative().maxAbs()))
                + (s.points().cells() == 0 ? "" : "; percentage cells: mean |error| " + Numbers.points(s.points().meanAbs())
                        + ", max " + Numbers.points(s.points().maxAbs()))
                + ", signs " + s.signsAgree() + "/" + s.comparisons();
        return s.hasMisses() ? "<span class=\"miss\">" + Html.escape(text) + " (misses)</span>" : Html.escape(text);
    }

    /** Every miss as its own line, as in the text output: nothing that disagrees is left to be found in a table. */
    private static void misses(StringBuilder b, ExperimentOutcome o) {
        var s = o.summary();
        if (!s.hasMisses()) {
            return;
        }
        b.append("<ul class=\"miss\">\n");
        for (PolicyComparison m : s.signMisses()) {
            b.append("<li>sign miss: ").append(Html.escape(m.context() + " " + m.metric() + " " + m.baseline() + " → " + m.policy()
                    + ": reference " + m.referenceChangePct().map(Numbers::signedPct).orElse("-")
                    + ", simulated " + m.simulatedChangePct().map(Numbers::signedPct).orElse("-"))).append("</li>\n");
        }
        for (CellComparison c : s.missingCells()) {
            b.append("<li>missing: ").append(Html.escape(c.point() + " " + c.metric() + " has a reference value but no simulated value"))
                    .append("</li>\n");
        }
        for (PointRun r : s.failedPoints()) {
            b.append("<li>failed: ").append(Html.escape(r.point() + ": " + r.failure().orElse(""))).append("</li>\n");
        }
        b.append("</ul>\n");
    }

    private static void section(StringBuilder b, ExperimentOutcome o, Map<String, String> plots) {
        String n = Html.escape(o.experiment().name());
        b.append("<h2 id=\"").append(n).append("\">").append(n).append("</h2>\n<p>")
                .append(Html.escape(o.experiment().description())).append("</p>\n")
                .append("<p>Reference: <code>").append(Html.escape(o.reference().source())).append("</code></p>\n<div class=\"comment\">");
        o.reference().comments().forEach(c -> b.append(Html.escape(c)).append('\n'));
        b.append("</div>\n<p>").append(summaryLine(o)).append("</p>\n");
        misses(b, o);

        for (var plot : plots.entrySet()) {
            b.append(Html.figure(plot.getValue(), plot.getKey()));
        }

        b.append("<table>\n<tr><th>point</th><th>column</th><th class=\"num\">simulated</th><th class=\"num\">reference</th><th class=\"num\">error</th></tr>\n");
        for (CellComparison c : o.cells()) {
            int decimals = c.reference().map(Cell::decimals).orElse(-1);
            b.append("<tr><td>").append(Html.escape(c.rowKey().toString())).append("</td><td>").append(Html.escape(c.header()))
                    .append("</td><td class=\"num\">")
                    .append(c.simulated().map(v -> decimals >= 0 ? Numbers.besideReference(v, decimals) : Numbers.readable(v))
                            .orElse("<span class=\"miss\">missing</span>"))
                    .append("</td><td class=\"num\">").append(Html.escape(c.reference().map(Cell::text).orElse("-")))
                    .append("</td><td class=\"num\">").append(c.errorText())
                    .append("</td></tr>\n");
        }
        b.append("</table>\n");

        if (!o.comparisons().isEmpty()) {
            b.append("<table>\n<tr><th>context</th><th>metric</th><th>change</th><th class=\"num\">reference</th><th class=\"num\">simulated</th><th>sign</th></tr>\n");
            for (PolicyComparison c : o.comparisons()) {
                String sign = !c.comparable() ? "n/a" : c.signAgrees() ? "<span class=\"ok\">ok</span>" : "<span class=\"miss\">MISS</span>";
                b.append("<tr><td>").append(Html.escape(c.context().toString())).append("</td><td>").append(Html.escape(c.metric()))
                        .append("</td><td>").append(Html.escape(c.baseline() + " → " + c.policy()))
                        .append("</td><td class=\"num\">").append(c.referenceChangePct().map(Numbers::signedPct).orElse("-"))
                        .append("</td><td class=\"num\">").append(c.simulatedChangePct().map(Numbers::signedPct).orElse("-"))
                        .append("</td><td>").append(sign).append("</td></tr>\n");
            }
            b.append("</table>\n");
        }

        b.append("<h3>Run reports</h3>\n");
        for (PointRun r : o.runs()) {
            b.append("<details><summary>").append(Html.escape(r.point().toString())).append(": ")
                    .append(Html.escape(r.result().map(x -> x.report().bottleneckSentence()).orElse("FAILED: " + r.failure().orElse(""))))
                    .append("</summary>\n");
            r.result().ifPresent(res -> {
                RunReportHtml.table(b, res.report());
                b.append("<p>metrics: ");
                res.metrics().forEach((k, v) -> b.append(Html.escape(k)).append('=').append(Numbers.readable(v)).append(' '));
                b.append("</p>\n");
            });
            b.append("</details>\n");
        }
    }
}
