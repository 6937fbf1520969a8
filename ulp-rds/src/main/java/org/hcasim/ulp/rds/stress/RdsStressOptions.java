package org.hcasim.ulp.rds.stress;

import java.util.List;

/**
 * The options of rds-stress (oracle rds-tools), parsed the way its getopt_long loop does: short options with their
 * value as the next argument or glued on ({@code -q8448}), long options with {@code --name value} or
 * {@code --name=value}; sizes take a K, M or G suffix (powers of 1024).
 *
 * @param tasks        -t/--tasks: tasks (processes) on each host
 * @param reqBytes     -q/--req-bytes: bytes of each request
 * @param ackBytes     -a/--ack-bytes: bytes of each acknowledgement of a request
 * @param depth        -d/--depth: requests each task keeps outstanding to every peer task (on every connection)
 * @param seconds      -T/--time: seconds to run and report
 * @param rdmaBytes    -D/--rdma-bytes: bytes moved by RDMA per request (0: bcopy only)
 * @param rdmaMode     -M: RDMA mode (with -D)
 * @param oneWay       -o/--one-way: only the active host sends requests
 * @param summaryOnly  -z/--summary-only: print only the average
 * @param reportCpu    -c/--report-cpu: fill the cpu % column (else -1.00)
 * @param verify       -v/--verify: fill requests and acks with a pattern and check it on receipt
 * @param showPerfdata --show-perfdata: also print the average as a "::"-prefixed comma-separated record
 * @param json         --json: the report as JSON (hcasim's addition, for scripts)
 * @param qps          --qps: RC connections of each instance between the two hosts, every task of the instance
 *                     using each (rds-stress itself has no such option)
 * @param instances    --instances: rds-stress processes side by side on each host, each with its own tasks and its
 *                     own connections, talking only to its peer instance (hcasim's addition; the rds-dim
 *                     reference's QPS column, docs/rds.md)
 */
public record RdsStressOptions(int tasks, long reqBytes, long ackBytes, int depth, int seconds, long rdmaBytes,
                               int rdmaMode, boolean oneWay, boolean summaryOnly, boolean reportCpu, boolean verify,
                               boolean showPerfdata, boolean json, int qps, int instances) {
    /** RDS_MAX_MSG_SIZE: the largest datagram RDS sends. */
    static final long MAX_MESSAGE = 1L << 20;
    static final int MAX_TASKS = 512;
    static final int MAX_DEPTH = 1024;
    static final int MAX_INSTANCES = 128;
    /** The most RC connections between the hosts (rds.ib.connections-per-peer's range). */
    static final int MAX_CONNECTIONS = 1024;

    /** rds-stress's defaults (-T: the simulation must end, so one second instead of "until interrupted"). */
    public static RdsStressOptions defaults() {
        return new RdsStressOptions(1, 1024, 1024, 1, 1, 0, 0, false, false, false, false, false, false, 1, 1);
    }

    /** Parses {@code args}; a bad one is a {@link UsageException} naming it. */
    public static RdsStressOptions parse(List<String> args) {
        Builder b = new Builder(defaults());
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            String option = a; // as errors name it: without a glued value
            String name;
            String value = null;
            if (a.startsWith("--")) {
                int eq = a.indexOf('=');
                name = eq < 0 ? a.substring(2) : a.substring(2, eq);
                if (eq >= 0) {
                    value = a.substring(eq + 1);
                    option = a.substring(0, eq);
                }
                name = longToShort(name);
            } else if (a.startsWith("-") && a.length() >= 2) {
                name = a.substring(1, 2);
                if (a.length() > 2) {
                    if (!takesValue(name)) {
                        // grouped flags: -zc
                        for (char c : a.substring(1).toCharArray()) {
                            if (takesValue(String.valueOf(c))) {
                                throw new UsageException("option -" + c + " needs a value and cannot be grouped in " + a);
                            }
                            b.flag(String.valueOf(c));
                        }
                        continue;
                    }
                    value = a.substring(2);
                    option = a.substring(0, 2);
                }
            } else {
                throw new UsageException("unexpected argument '" + a + "' (options start with - or --)");
            }
            if (takesValue(name)) {
                if (value == null) {
                    if (i + 1 >= args.size()) {
                        throw new UsageException("option " + a + " needs a value");
                    }
                    value = args.get(++i);
                }
                b.value(name, option, value);
            } else {
                if (value != null) {
                    throw new UsageException("option " + option + " takes no value");
                }
                b.flag(name);
            }
        }
        return b.build();
    }

    private static final List<String> VALUED = List.of("t", "q", "a", "d", "T", "D", "M", "qps", "instances");
    private static final List<String> FLAGS = List.of("o", "z", "c", "v", "show-perfdata", "json", "h");

    private static boolean takesValue(String name) {
        return VALUED.contains(name);
    }

    private static String longToShort(String name) {
        return switch (name) {
            case "tasks" -> "t";
            case "req-bytes" -> "q";
            case "ack-bytes" -> "a";
            case "depth" -> "d";
            case "time" -> "T";
            case "rdma-bytes" -> "D";
            case "one-way" -> "o";
            case "summary-only" -> "z";
            case "report-cpu" -> "c";
            case "verify" -> "v";
            case "help" -> "h";
            case "show-perfdata", "json", "qps", "instances" -> name;
            default -> throw new UsageException("unknown option --" + name);
        };
    }

    /** A size: digits with an optional K, M or G (x 1024, 1024^2, 1024^3), as rds-stress's parse_ull. */
    static long size(String option, String text) {
        if (text.isEmpty()) {
            throw new UsageException("option " + option + ": empty value");
        }
        char last = text.charAt(text.length() - 1);
        long mult = switch (Character.toUpperCase(last)) {
            case 'K' -> 1L << 10;
            case 'M' -> 1L << 20;
            case 'G' -> 1L << 30;
            default -> 1;
        };
        String digits = mult == 1 ? text : text.substring(0, text.length() - 1);
        if (digits.isEmpty() || !digits.chars().allMatch(Character::isDigit) || digits.length() > 12) {
            throw new UsageException("option " + option + ": '" + text
                    + "' is not a number of bytes (digits with an optional K, M or G suffix)");
        }
        return Long.parseLong(digits) * mult;
    }

    private static int count(String option, String text, int min, int max) {
        long v = size(option, text);
        if (v < min || v > max) {
            throw new UsageException("option " + option + ": " + text + " is outside " + min + ".." + max);
        }
        return (int) v;
    }

    private static final class Builder {
        int tasks;
        long req;
        long ack;
        int depth;
        int seconds;
        long rdma;
        int rdmaMode;
        boolean oneWay;
        boolean summary;
        boolean cpu;
        boolean verify;
        boolean perfdata;
        boolean json;
        boolean help;
        int qps;
        int instances;

        Builder(RdsStressOptions d) {
            tasks = d.tasks;
            req = d.reqBytes;
            ack = d.ackBytes;
            depth = d.depth;
            seconds = d.seconds;
            rdma = d.rdmaBytes;
            rdmaMode = d.rdmaMode;
            qps = d.qps;
            instances = d.instances;
        }

        void value(String name, String option, String text) {
            switch (name) {
                case "t" -> tasks = count(option, text, 1, MAX_TASKS);
                case "q" -> req = message(option, text);
                case "a" -> ack = message(option, text);
                case "d" -> depth = count(option, text, 1, MAX_DEPTH);
                case "T" -> seconds = count(option, text, 1, 3600);
                case "D" -> rdma = size(option, text);
                case "M" -> rdmaMode = count(option, text, 0, 2);
                case "qps" -> qps = count(option, text, 1, MAX_CONNECTIONS);
                case "instances" -> instances = count(option, text, 1, MAX_INSTANCES);
                default -> throw new IllegalStateException(name);
            }
        }

        private static long message(String option, String text) {
            long v = size(option, text);
            if (v < 1 || v > MAX_MESSAGE) {
                throw new UsageException("option " + option + ": " + text + " bytes is outside 1.." + MAX_MESSAGE
                        + " (RDS's largest message)");
            }
            return v;
        }

        void flag(String name) {
            switch (name) {
                case "o" -> oneWay = true;
                case "z" -> summary = true;
                case "c" -> cpu = true;
                case "v" -> verify = true;
                case "h" -> help = true;
                case "show-perfdata" -> perfdata = true;
                case "json" -> json = true;
                default -> throw new UsageException("unknown option -" + name);
            }
        }

        RdsStressOptions build() {
            if (help) {
                throw new HelpRequested();
            }
            if (rdma > 0) {
                throw new UsageException("option -D: RDMA transfers (" + rdma + " bytes) are not modelled yet; "
                        + "hcasim's rds-stress runs bcopy (-D 0) only");
            }
            RdsStressOptions o = new RdsStressOptions(tasks, req, ack, depth, seconds, rdma, rdmaMode, oneWay, summary,
                    cpu, verify, perfdata, json, qps, instances);
            if (o.connections() > MAX_CONNECTIONS) {
                throw new UsageException("options --instances " + instances + " and --qps " + qps + " ask for "
                        + o.connections() + " connections between the hosts; at most " + MAX_CONNECTIONS);
            }
            long ports = Ports.needed(o.totalTasks(), o.connections());
            if (ports > Ports.LAST) {
                throw new UsageException("options --instances " + instances + ", -t " + tasks + " and --qps " + qps
                        + " need ports up to " + ports + ", beyond RDS's 65535 (two per task and connection)");
            }
            return o;
        }
    }

    /** -h/--help: print the usage, exit 0. */
    static final class HelpRequested extends RuntimeException {
        HelpRequested() {
            super(null, null, false, false);
        }
    }

    /** Tasks on each host, all instances. */
    public int totalTasks() {
        return instances * tasks;
    }

    /** RC connections between the two hosts, all instances (rds.ib.connections-per-peer). */
    public int connections() {
        return instances * qps;
    }

    /** The usage text of --help. */
    static String usage() {
        return String.join("\n",
                "Usage: hcasim rds-stress [options]",
                "Runs rds-stress between the testbed's two hosts: the initiator is the active side (-s), the target",
                "the passive one; both run the tasks. Options as in rds-tools' rds-stress:",
                "  -t, --tasks N         tasks on each host (default 1)",
                "  -q, --req-bytes N     bytes per request (default 1024; K, M, G suffixes)",
                "  -a, --ack-bytes N     bytes per acknowledgement (default 1024)",
                "  -d, --depth N         requests outstanding per peer task, on every connection (default 1)",
                "  -T, --time N          seconds to run (default 1)",
                "  -D, --rdma-bytes N    RDMA bytes per request (only 0: RDMA is not modelled yet)",
                "  -M N                  RDMA mode (with -D)",
                "  -o, --one-way         only the active host sends requests",
                "  -z, --summary-only    print only the average",
                "  -c, --report-cpu      report the active host's CPU use (else -1.00)",
                "  -v, --verify          fill and check a pattern in every message (needs sim.payload=real)",
                "      --show-perfdata   also print the average as a ::-prefixed comma-separated record",
                "      --qps N           RC connections per instance between the hosts (default 1)",
                "      --instances N     rds-stress processes on each host, each with its own -t tasks and --qps",
                "                        connections, talking to its peer instance (default 1)",
                "      --json            the report as JSON",
                "hcasim options: --set KEY=VALUE (e.g. --set rds.ib.cq-policy=dim), --testbed FILE.",
                "");
    }
}
