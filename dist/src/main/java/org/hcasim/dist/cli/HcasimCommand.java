package org.hcasim.dist.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.hcasim.core.config.UserException;
import org.hcasim.dist.cli.support.Installation;
import org.hcasim.spi.InvalidSettingException;
import org.hcasim.verbs.DeviceLimitException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine;

/**
 * The {@code hcasim} command line: the top command, its subcommands, and the rule that every error
 * reaches the user as one line on stderr with a non-zero exit code.
 *
 * <p>Exit codes: {@value #OK} success, {@value #USER_ERROR} bad input ({@link UserException}: config,
 * job file, ...; a plugin's {@link InvalidSettingException}), {@value #USAGE_ERROR} bad command line, {@value #INTERNAL_ERROR} a bug in hcasim.
 */
@Command(
        name = "hcasim",
        mixinStandardHelpOptions = true,
        versionProvider = HcasimVersion.class,
        description = "Deterministic simulation of RDMA host channel adapters and the protocols on them "
                + "(NVMe-oF, iSER, SRP, RDS).",
        commandListHeading = "%nCommands:%n",
        footer = {"", "Run 'hcasim COMMAND --help' for the options of a command."})
public final class HcasimCommand implements Callable<Integer> {

    /**
     * THE list of built-in subcommands. To add a command, write a picocli {@code @Command} class in
     * {@code org.hcasim.dist.<yourarea>} implementing {@code Callable<Integer>} and append it here.
     * Throw {@link UserException} (or a subclass) for bad input; this class turns it into one line.
     * Plugin tools ({@code UlpProvider.tools()}) are added after these, see {@link #commandLine}.
     */
    static final List<Class<?>> SUBCOMMANDS = List.of(
            UlpsCommand.class,
            ConfigCommand.class,
            // others append theirs, e.g. FioCommand.class, org.hcasim.dist.bench.BenchCommand.class
            org.hcasim.dist.experiment.ReproduceCommand.class,
            org.hcasim.dist.experiment.SweepCommand.class,
            org.hcasim.dist.experiment.MergeCommand.class,
            org.hcasim.dist.bench.BenchCommand.class,
            FioCommand.class,
            org.hcasim.dist.mrbench.MrBenchCommand.class
    );

    public static final int OK = 0;
    public static final int USER_ERROR = 1;
    public static final int USAGE_ERROR = 2;
    public static final int INTERNAL_ERROR = 70;

    @Option(names = "--debug", scope = CommandLine.ScopeType.INHERIT,
            description = "On errors, also print the stack trace.")
    boolean debug;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        // "hcasim" alone: show what there is to do.
        spec.commandLine().usage(spec.commandLine().getOut());
        return OK;
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs hcasim with {@code args}; returns the exit code instead of exiting (for tests and embedding). */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        CommandLine cl;
        try {
            cl = commandLine(out, err, toolCommands(Installation.current(), out, err).toArray());
        } catch (UserException e) { // e.g. a broken plugin: even --help cannot be shown without knowing the tools
            err.println("hcasim: " + oneLine(e.getMessage()));
            if (debugRequested(args)) {
                e.printStackTrace(err);
            }
            return USER_ERROR;
        }
        int code;
        try {
            code = cl.execute(args);
        } catch (OutOfMemoryError e) {
            // A run larger than the heap: one line, never a stack trace (issue: memory budget checks come first).
            err.println("hcasim: out of memory (Java heap of " + (Runtime.getRuntime().maxMemory() >> 20)
                    + " MiB): the run needs more; make it smaller or raise the heap with HCASIM_OPTS=-Xmx...");
            err.flush();
            return INTERNAL_ERROR;
        }
        return outputLost(out, err) ? USER_ERROR : code;
    }

    /**
     * Whether writing the command's standard output failed (a full disk, a closed pipe): a report that did not
     * reach its reader is an error, said on stderr, never exit 0.
     */
    private static boolean outputLost(PrintStream out, PrintStream err) {
        out.flush();
        if (!out.checkError()) {
            return false;
        }
        err.println("hcasim: writing standard output failed (disk full or output closed): the report is incomplete");
        err.flush();
        return true;
    }

    /** The tools of the installed plugins, as subcommands named after the tools. */
    static List<CommandLine> toolCommands(Installation installation, PrintStream out, PrintStream err) {
        List<CommandLine> tools = new java.util.ArrayList<>();
        for (var ulp : installation.ulps().all()) {
            for (var tool : ulp.provider().tools()) {
                tools.add(UlpToolCommand.of(tool, ulp.name(), out, err));
            }
        }
        return tools;
    }

    /**
     * The configured command line: subcommands (plus {@code extraSubcommands}, picocli command objects),
     * output streams and the one-line error handling. Settings apply to the subcommands present here,
     * so all subcommands are added first.
     */
    static CommandLine commandLine(PrintStream out, PrintStream err, Object... extraSubcommands) {
        CommandLine cl = new CommandLine(new HcasimCommand());
        for (Class<?> sub : SUBCOMMANDS) {
            cl.addSubcommand(sub);
        }
        for (Object sub : extraSubcommands) {
            String name = sub instanceof CommandLine c ? c.getCommandSpec().name() : null;
            if (name != null && cl.getSubcommands().containsKey(name)) {
                throw new org.hcasim.core.plugin.PluginException("a plugin tool is named '" + name
                        + "', which is already an hcasim command");
            }
            if (name != null) {
                cl.addSubcommand(name, sub);
            } else {
                cl.addSubcommand(sub);
            }
        }
        // fio's own job options (--name=x --rw=read ...) are FioCommand's positional arguments, in order with its job files
        cl.getSubcommands().get("fio").setUnmatchedOptionsArePositionalParams(true);
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        cl.setParameterExceptionHandler(HcasimCommand::onBadCommandLine);
        cl.setExecutionExceptionHandler(HcasimCommand::onFailure);
        return cl;
    }

    private static int onBadCommandLine(ParameterException e, String[] args) {
        CommandLine cmd = e.getCommandLine();
        PrintWriter err = cmd.getErr();
        err.println(cmd.getCommandSpec().qualifiedName() + ": " + e.getMessage()
                + " (see '" + cmd.getCommandSpec().qualifiedName() + " --help')");
        if (debugRequested(args)) {
            e.printStackTrace(err);
        }
        err.flush();
        return USAGE_ERROR;
    }

    private static int onFailure(Exception e, CommandLine cmd, ParseResult parsed) {
        PrintWriter err = cmd.getErr();
        boolean debug = debugRequested(parsed.originalArgs().toArray(String[]::new));
        Throwable user = userCause(e);
        if (user != null) {
            err.println(cmd.getCommandSpec().qualifiedName() + ": " + oneLine(user.getMessage()));
        } else {
            err.println(cmd.getCommandSpec().qualifiedName() + ": internal error: " + oneLine(String.valueOf(e))
                    + (debug ? "" : " (rerun with --debug for the stack trace)"));
        }
        if (debug) {
            e.printStackTrace(err);
        }
        err.flush();
        return user != null ? USER_ERROR : INTERNAL_ERROR;
    }

    /**
     * The user error behind {@code e}, or null for a bug. User errors are hcasim's {@link UserException}s and
     * the plugins' {@link InvalidSettingException}s (plugins cannot see hca-core), and a verb refused for a device
     * limit of the HCA profile ({@link DeviceLimitException}, wherever a ULP or tool hit it), and a ram backstore
     * outgrowing its heap share ({@link org.hcasim.block.BackstoreFullException}); any may arrive wrapped
     * (e.g. by Guice's ProvisionException).
     */
    private static Throwable userCause(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof UserException || t instanceof InvalidSettingException || t instanceof DeviceLimitException
                    || t instanceof org.hcasim.block.BackstoreFullException) {
                return t;
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return null;
    }

    private static String oneLine(String message) {
        return message == null ? "" : message.replaceAll("\\s*\\R\\s*", "; ");
    }

    /** {@code --debug} anywhere before {@code --}; checked on the raw arguments so it works even when parsing failed. */
    static boolean debugRequested(String[] args) {
        for (String a : args) {
            if (a.equals("--")) {
                return false;
            }
            if (a.equals("--debug")) {
                return true;
            }
        }
        return false;
    }
}
