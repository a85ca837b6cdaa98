package dev.jmcp.cli;

/** One {@code jmcp} command, such as {@code ls}. Implementations are stateless. */
interface Command {

    /** @return the name on the command line */
    String name();

    /** @return one line for {@code jmcp --help} */
    String summary();

    /** @return the text of {@code jmcp NAME --help}, without the options every command has */
    String help();

    /** @return the command's own options; those of {@link Context#common} are added */
    Args.Spec spec();

    /**
     * @return an exit code of {@link Exit}
     * @throws Exception anything: {@link Main} turns it into one line and an exit code ({@link Failures})
     */
    int run(Context context) throws Exception;
}
