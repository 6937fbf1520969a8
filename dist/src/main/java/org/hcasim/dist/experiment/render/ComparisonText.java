package org.hcasim.dist.experiment.render;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.DoubleFunction;
import org.hcasim.dist.experiment.compare.Cell;
import org.hcasim.dist.experiment.compare.CellComparison;
import org.hcasim.dist.experiment.compare.ExperimentOutcome;
import org.hcasim.dist.experiment.compare.PolicyComparison;
import org.hcasim.dist.experiment.compare.RatioResult;
import org.hcasim.dist.experiment.grid.PointRun;
import org.hcasim.dist.report.Numbers;
import org.hcasim.dist.report.TextTable;
import org.hcasim.spi.Point;

/**
 * The human-readable comparison: each simulated cell beside its reference with the error, the policy
 * comparisons with their signs, the summary, every miss spelled out, and each point's bottleneck.
 */
public final class ComparisonText {
    private ComparisonText() { }

    public static String render(ExperimentOutcome o) {
        StringBuilder b = new StringBuilder();
        var e = o.experiment();
        b.append(e.name()).append(": ").append(e.description()).append('\n');
        b.append("reference: ").append(o.reference().source()).append('\n');
        for (String c : o.reference().comments()) {
            b.append("  # ").append(c).append('\n');
        }
        b.append('\n');

        List<String> keyAxes = o.layout().rowKey(o.grid().points().get(0)).coordinates().keySet().stream().toList();
        List<String> headers = new ArrayList<>(keyAxes);
        headers.addAll(List.of("column", "simulated>", "reference>", "error>"));
        TextTable cells = new TextTable(headers.toArray(String[]::new));
        for (CellComparison c : o.cells()) {
            List<String> row = new ArrayList<>();
            keyAxes.forEach(a -> row.add(c.rowKey().get(a)));
            row.add(c.header());
            int decimals = c.reference().map(Cell::decimals).orElse(-1);
            row.add(c.simulated().map(v -> decimals >= 0 ? Numbers.besideReference(v, decimals) : Numbers.readable(v))
                    .orElse(o.runs().stream().anyMatch(r -> r.point().equals(c.point()) && r.failure().isPresent())
                            ? "FAILED" : "MISSING"));
            row.add(c.reference().map(Cell::text).orElse("-"));
            row.add(c.errorText());
            cells.row(row);
        }
        b.append(cells.render(""));

        b.append('\n').append(comparisons(o));
        b.append('\n').append(summary(o));
        b.append('\n').append("bottlenecks:\n");
        for (PointRun r : o.runs()) {
            b.append("  ").append(r.point()).append(": ")
                    .append(r.result().map(x -> x.report().bottleneckSentence()).orElse("FAILED (see the summary)"))
                    .append('\n');
        }
        b.append(faults(o));
        return b.toString();
    }

    /** Each point's fault account (docs/faults.md), section by section, when the points injected faults. */
    private static String faults(ExperimentOutcome o) {
        StringBuilder b = new StringBuilder();
        for (PointRun r : o.runs()) {
            if (r.result().isEmpty()) continue;
            StringBuilder line = new StringBuilder();
            for (org.hcasim.spi.CounterTable t : r.result().get().report().tables()) {
                if (!t.title().startsWith(FAULTS) || t.rows().isEmpty()) continue;
                line.append(line.isEmpty() ? "" : "; ").append(t.title().substring(FAULTS.length())).append(": ");
                for (int i = 0; i < t.columns().size(); i++) {
                    line.append(i == 0 ? "" : ", ").append(t.columns().get(i)).append(' ').append(t.rows().get(0).get(i));
                }
            }
            if (!line.isEmpty()) b.append("  ").append(r.point()).append(": ").append(line).append('\n');
        }
        return b.isEmpty() ? "" : "\nfaults (docs/faults.md):\n" + b;
    }

    /** The title prefix of the fault account's tables in a run report. */
    private static final String FAULTS = "faults ";

    private static String comparisons(ExperimentOutcome o) {
        String axis = o.experiment().policyAxis();
        StringBuilder b = new StringBuilder();
        if (o.comparisons().isEmpty()) {
            return "policy comparisons (" + axis + "): none (only one " + axis + " value ran)\n";
        }
        b.append("policy comparisons (").append(axis).append(", change from ")
                .append(o.comparisons().get(0).baseline()).append("; changes below ")
                .append(Numbers.fixed(o.experiment().unchangedBelowPct(), 1)).append("% count as =):\n");
        TextTable t = new TextTable("context", "metric", "change", "reference>", "simulated>", "sign");
        for (PolicyComparison c : o.comparisons()) {
            t.row(c.context().toString(), c.metric(), c.baseline() + " -> " + c.policy(),
                    change(c.referenceChangePct(), c.referenceDirection()),
                    change(c.simulatedChangePct(), c.simulatedDirection()),
                    !c.comparable() ? "n/a" : c.signAgrees() ? "ok" : "MISS");
        }
        b.append(t.render("  "));
        return b.toString();
    }

    private static String change(Optional<Double> pct, Optional<PolicyComparison.Direction> d) {
        return pct.map(p -> Numbers.signedPct(p) + " (" + d.get().symbol + ")").orElse("-");
    }

    private static String summary(ExperimentOutcome o) {
        var s = o.summary();
        StringBuilder b = new StringBuilder("summary: ");
        if (s.cellsCompared() == 0) {
            b.append("no cell has both a simulated and a reference value\n");
        } else {
            b.append(s.cellsCompared()).append(" cells compared\n");
            errorLine(b, "relative error", "non-percentage", s.relative(), Numbers::pct);
            errorLine(b, "point error", "percentage", s.points(), Numbers::points);
        }
        b.append("  policy signs: ").append(s.signsAgree()).append(" of ").append(s.comparisons()).append(" agree with the reference\n");
        for (RatioResult r : s.ratios()) {
            b.append("  ").append(r.text()).append('\n');
        }
        for (PolicyComparison m : s.signMisses()) {
            b.append("  SIGN MISS: ").append(m.context()).append(' ').append(m.metric()).append(' ')
                    .append(m.baseline()).append(" -> ").append(m.policy()).append(": reference ")
                    .append(change(m.referenceChangePct(), m.referenceDirection())).append(", simulated ")
                    .append(change(m.simulatedChangePct(), m.simulatedDirection())).append('\n');
        }
        for (CellComparison c : s.missingCells()) {
            b.append("  MISSING: ").append(c.point()).append(' ').append(c.metric())
                    .append(" has a reference value (").append(c.reference().get().text()).append(") but no simulated value\n");
        }
        for (PointRun r : s.failedPoints()) {
            b.append("  FAILED: ").append(r.point()).append(": ").append(r.failure().get()).append('\n');
        }
        return b.toString();
    }

    /** One unit's line of the summary; omitted when no cell is in that unit. */
    private static void errorLine(StringBuilder b, String what, String cellKind, ExperimentOutcome.ErrorStats e,
                                  DoubleFunction<String> format) {
        if (e.cells() == 0) {
            return;
        }
        b.append("  ").append(what).append(" (").append(e.cells()).append(' ').append(cellKind).append(" cells): mean |error| ")
                .append(format.apply(e.meanAbs())).append(", max |error| ").append(format.apply(e.maxAbs()));
        e.worstCell().ifPresent(w -> b.append(" (").append(where(w.rowKey())).append(' ').append(w.header()).append(')'));
        b.append('\n');
    }

    private static String where(Point rowKey) {
        return rowKey.toString();
    }
}
