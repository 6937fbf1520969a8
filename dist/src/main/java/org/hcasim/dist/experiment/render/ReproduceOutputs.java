package org.hcasim.dist.experiment.render;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hcasim.core.config.UserException;
import org.hcasim.dist.experiment.compare.ExperimentOutcome;
import org.hcasim.dist.report.PlotSpec;
import org.hcasim.dist.report.ChartWriter;

/**
 * Renders outcomes: to a stream in one format, or as a directory of files ({@code --out}): per
 * experiment NAME.txt, NAME.csv, NAME.json, NAME-METRIC.png and .svg, and one index.html linking them.
 */
public final class ReproduceOutputs {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ReproduceOutputs() { }

    public enum Format { text, csv, json }

    public static String render(List<ExperimentOutcome> outcomes, Format format) {
        return switch (format) {
            case text -> String.join("\n", outcomes.stream().map(ComparisonText::render).toList());
            case csv -> String.join("\n", outcomes.stream().map(ComparisonCsv::render).toList());
            case json -> json(outcomes.size() == 1
                    ? ComparisonJson.tree(outcomes.get(0))
                    : Map.of("experiments", outcomes.stream().map(ComparisonJson::tree).toList()));
        };
    }

    public static String json(Object tree) {
        try {
            return JSON.writeValueAsString(tree) + "\n";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes every file for {@code outcomes} into {@code dir} (created if needed); returns the index page. */
    public static Path writeDirectory(List<ExperimentOutcome> outcomes, Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UserException("--out " + dir + ": cannot create the directory: " + e.getMessage());
        }
        try {
            Map<String, Map<String, String>> plots = new LinkedHashMap<>();
            for (ExperimentOutcome o : outcomes) {
                String n = o.experiment().name();
                write(dir.resolve(n + ".txt"), ComparisonText.render(o));
                write(dir.resolve(n + ".csv"), ComparisonCsv.render(o));
                write(dir.resolve(n + ".json"), json(ComparisonJson.tree(o)));
                Map<String, String> files = new LinkedHashMap<>();
                for (Map.Entry<String, PlotSpec> chart : ExperimentCharts.charts(o).entrySet()) {
                    String base = n + "-" + chart.getKey().replaceAll("[^A-Za-z0-9_.-]", "_");
                    ChartWriter.writePng(chart.getValue(), dir.resolve(base + ".png"));
                    ChartWriter.writeSvg(chart.getValue(), dir.resolve(base + ".svg"));
                    files.put(chart.getKey(), base);
                }
                plots.put(n, files);
            }
            Path index = dir.resolve("index.html");
            write(index, ExperimentHtml.index(outcomes, plots));
            return index;
        } catch (IOException e) {
            throw new UserException("--out " + dir + ": cannot write: " + e.getMessage());
        }
    }

    private static void write(Path file, String text) throws IOException {
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }
}
