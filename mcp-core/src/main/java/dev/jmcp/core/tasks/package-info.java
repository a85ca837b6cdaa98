/**
 * The tasks extension ({@code io.modelcontextprotocol/tasks}, SEP-2663): a request that may be long
 * is answered at once with a task, which the client polls with {@code tasks/get}, feeds with
 * {@code tasks/update} when it asks for input, and stops with {@code tasks/cancel}. A feature marks
 * such a request by answering it with a {@link dev.jmcp.core.tasks.TaskWork}; the server decides,
 * by what the client negotiated, whether it runs as a task. Enabled with
 * {@code McpServer.Builder.tasks(TaskSettings)}; the bounds are {@link dev.jmcp.core.tasks.TaskSettings}.
 *
 * @since 0.1
 */
package dev.jmcp.core.tasks;
