package org.hcasim.dist.report;

import org.hcasim.spi.ResourceUsage;
import org.hcasim.spi.RunReport;

/** A run report as an HTML table (kind, resource, units, busy), for the generated pages. */
public final class RunReportHtml {
    private RunReportHtml() { }

    public static void table(StringBuilder b, RunReport report) {
        b.append("<table><tr><th>kind</th><th>resource</th><th class=\"num\">units</th><th class=\"num\">busy</th></tr>\n");
        for (ResourceUsage u : RunReportText.ordered(report)) {
            b.append("<tr><td>").append(Html.escape(u.kind())).append("</td><td>").append(Html.escape(u.name()))
                    .append("</td><td class=\"num\">").append(u.units()).append("</td><td class=\"num\">")
                    .append(Numbers.pct(100 * u.utilisation())).append("</td></tr>\n");
        }
        b.append("</table>\n");
    }
}
