package org.hcasim.core.plugin;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.stream.Stream;
import org.hcasim.spi.UlpProvider;

/**
 * Finds plugins: with {@link ServiceLoader} on the engine's class path, and in every
 * {@code ulp/<name>/} folder of the distribution, each folder with its own class loader over the
 * folder's jars whose parent shows only the API ({@link ApiOnlyClassLoader}).
 */
public final class UlpDiscovery {

    /** System property holding the distribution's directory (set by {@code bin/hcasim}). */
    public static final String HOME_PROPERTY = "hcasim.home";

    private UlpDiscovery() { }

    /** Plugins of this process: class path plus {@code $hcasim.home/ulp/*} if the property is set. */
    public static InstalledUlps discover() {
        String home = System.getProperty(HOME_PROPERTY);
        return discover(UlpDiscovery.class.getClassLoader(), home == null ? null : Path.of(home).resolve("ulp"));
    }

    /**
     * @param classPath loader whose services files are searched (the engine's)
     * @param ulpDir    directory holding one folder per plugin, or null for none
     */
    public static InstalledUlps discover(ClassLoader classPath, Path ulpDir) {
        List<InstalledUlp> found = new ArrayList<>();
        for (UlpProvider p : load(classPath, InstalledUlp.CLASS_PATH)) {
            found.add(new InstalledUlp(p, InstalledUlp.CLASS_PATH, p.getClass().getClassLoader()));
        }
        if (ulpDir != null && Files.isDirectory(ulpDir)) {
            ApiOnlyClassLoader api = new ApiOnlyClassLoader(UlpDiscovery.class.getClassLoader());
            for (Path folder : folders(ulpDir)) {
                found.addAll(loadFolder(folder, api));
            }
        }
        return new InstalledUlps(found);
    }

    private static List<InstalledUlp> loadFolder(Path folder, ClassLoader api) {
        List<URL> jars = new ArrayList<>();
        try (Stream<Path> files = Files.list(folder)) {
            for (Path jar : files.filter(f -> f.getFileName().toString().endsWith(".jar")).sorted().toList()) {
                jars.add(jar.toUri().toURL());
            }
        } catch (IOException e) {
            throw new PluginException("cannot read plugin folder " + folder + ": " + e.getMessage(), e);
        }
        if (jars.isEmpty()) {
            throw new PluginException("plugin folder " + folder + " holds no jar");
        }
        URLClassLoader loader = new URLClassLoader("ulp-" + folder.getFileName(), jars.toArray(URL[]::new), api);
        List<InstalledUlp> found = new ArrayList<>();
        for (UlpProvider p : load(loader, folder.toString())) {
            found.add(new InstalledUlp(p, folder.toString(), loader));
        }
        if (found.isEmpty()) {
            throw new PluginException("plugin folder " + folder
                    + " has no META-INF/services/" + UlpProvider.class.getName() + " naming a provider");
        }
        return found;
    }

    private static List<UlpProvider> load(ClassLoader loader, String origin) {
        List<UlpProvider> out = new ArrayList<>();
        try {
            ServiceLoader.load(UlpProvider.class, loader).forEach(out::add);
        } catch (ServiceConfigurationError | LinkageError e) {
            // e.g. a provider class missing, or a plugin referring to engine classes it cannot see
            throw new PluginException("cannot load plugin from " + origin + ": " + e.getMessage(), e);
        }
        return out;
    }

    private static List<Path> folders(Path ulpDir) {
        try (Stream<Path> entries = Files.list(ulpDir)) {
            return entries.filter(Files::isDirectory).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

}
