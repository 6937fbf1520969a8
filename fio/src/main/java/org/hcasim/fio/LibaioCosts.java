package org.hcasim.fio;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * fio's per-I/O CPU costs with {@code ioengine=libaio} on the references' initiators ({@code fio.submit-path=libaio}),
 * from the commented {@code libaio-costs.properties} beside this class, which gives each one's derivation.
 *
 * @param fioIo       fio's user-space work per I/O (usr), in place of the profile's {@code fio-io}
 * @param aioSubmit   io_submit's aio path per iocb, before the block layer (sys), in place of {@code aio-submit}
 * @param aioComplete the aio completion per I/O, in the completion context, in place of {@code aio-complete}
 */
record LibaioCosts(long fioIo, long aioSubmit, long aioComplete) {
    static final String RESOURCE = "libaio-costs.properties";
    /** The costs the file gives, loaded once. */
    static final LibaioCosts FILE = load();

    private static LibaioCosts load() {
        try (InputStream in = LibaioCosts.class.getResourceAsStream(RESOURCE)) {
            if (in == null) throw new IllegalStateException(RESOURCE + " not found next to " + LibaioCosts.class.getName());
            Properties p = new Properties();
            p.load(in);
            if (p.size() != 3) {
                throw new IllegalStateException(RESOURCE + ": expected fio-io-ns, aio-submit-ns, aio-complete-ns, found "
                        + p.stringPropertyNames());
            }
            return new LibaioCosts(ns(p, FioCosts.FIO_IO), ns(p, FioCosts.AIO_SUBMIT), ns(p, FioCosts.AIO_COMPLETE));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long ns(Properties p, String name) {
        String key = name + "-ns";
        String v = p.getProperty(key);
        if (v == null) throw new IllegalStateException(RESOURCE + ": no " + key);
        try {
            long ns = Long.parseLong(v.strip());
            if (ns < 0) throw new NumberFormatException("negative");
            return ns;
        } catch (NumberFormatException e) {
            throw new IllegalStateException(RESOURCE + ": " + key + " = '" + v + "' is not a whole number of ns >= 0", e);
        }
    }
}
