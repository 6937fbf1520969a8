package org.hcasim.core.plugin;

import java.io.IOException;
import java.net.URL;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;

/**
 * The parent of every plugin folder's class loader: it shows a plugin the JDK and the API packages
 * of the host ({@link #API_PACKAGES}) and nothing else, so a plugin can neither reach into the engine
 * nor clash with the engine's libraries (it brings its own in its folder).
 */
public final class ApiOnlyClassLoader extends ClassLoader {

    /** The packages (with their sub-packages) a plugin sees from the host, besides the JDK. */
    public static final List<String> API_PACKAGES = List.of(
            "org.hcasim.spi", "org.hcasim.host", "org.hcasim.verbs", "org.hcasim.block", "org.hcasim.message",
            // Guice: the plugin's module() is a Guice Module; aopalliance appears in Binder's signatures.
            "com.google.inject", "jakarta.inject", "org.aopalliance");

    private final ClassLoader host;

    /** @param host the loader of the engine, which has the API classes */
    public ApiOnlyClassLoader(ClassLoader host) {
        super("hcasim-api", ClassLoader.getPlatformClassLoader()); // JDK classes come from the platform
        this.host = host;
    }

    /** Whether {@code className} belongs to a package plugins may use. */
    public static boolean isApi(String className) {
        for (String p : API_PACKAGES) {
            if (className.startsWith(p + ".")) {
                return true;
            }
        }
        return false;
    }

    private static boolean isApiResource(String path) {
        return isApi(path.replace('/', '.'));
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        // Reached only when the platform loader does not have the class.
        if (isApi(name)) {
            return host.loadClass(name);
        }
        throw new ClassNotFoundException(name + " (plugins see only the JDK and " + String.join(", ", API_PACKAGES) + ")");
    }

    @Override
    protected URL findResource(String name) {
        return isApiResource(name) ? host.getResource(name) : null;
    }

    @Override
    protected Enumeration<URL> findResources(String name) throws IOException {
        // Not even the host's META-INF/services: a folder's ServiceLoader must find only the folder's plugins.
        return isApiResource(name) ? host.getResources(name) : Collections.emptyEnumeration();
    }
}
