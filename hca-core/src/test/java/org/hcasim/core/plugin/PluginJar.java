package org.hcasim.core.plugin;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.hcasim.spi.UlpProvider;

/** Builds a plugin jar at test time the way a third party would: compiled against verbs-api only. */
final class PluginJar {
    private PluginJar() { }

    /**
     * Compiles {@code sources} (class name to source text) against verbs-api and writes them with a
     * services file naming {@code providerClass} into {@code jar}.
     */
    static Path build(Path jar, String providerClass, java.util.Map<String, String> sources) throws IOException {
        Path work = Files.createTempDirectory(jar.getParent(), "src");
        List<String> args = new ArrayList<>(List.of("-d", work.resolve("classes").toString(),
                "-classpath", verbsApiLocation(), "-proc:none", "-Xlint:none"));
        for (var e : sources.entrySet()) {
            Path file = work.resolve(e.getKey().replace('.', '/') + ".java");
            Files.createDirectories(file.getParent());
            Files.writeString(file, e.getValue());
            args.add(file.toString());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac.run(null, null, null, args.toArray(String[]::new)) != 0) {
            throw new IllegalStateException("test plugin does not compile");
        }
        Path classes = work.resolve("classes");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
             Stream<Path> files = Files.walk(classes)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                out.putNextEntry(new JarEntry(classes.relativize(f).toString().replace('\\', '/')));
                Files.copy(f, out);
            }
            out.putNextEntry(new JarEntry("META-INF/services/" + UlpProvider.class.getName()));
            write(out, providerClass + "\n");
        }
        return jar;
    }

    private static void write(OutputStream out, String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.UTF_8));
    }

    /** The jar or classes directory verbs-api comes from. */
    private static String verbsApiLocation() {
        try {
            return Path.of(UlpProvider.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
