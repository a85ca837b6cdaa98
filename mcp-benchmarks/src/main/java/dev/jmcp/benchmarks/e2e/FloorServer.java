package dev.jmcp.benchmarks.e2e;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;

/**
 * The floor of {@code bench/http-load}: the least an HTTP server can do to answer its requests, so
 * that jmcp can be reported as a fraction of it. Netty, as jmcp's transport, with no MCP logic: it
 * finds the method, the id and the URI in the request body by scanning (no JSON parser), answers
 * {@code initialize} with a session id and notifications with 202, and answers any other request
 * with the text of {@code --text-file}, read at each request and JSON-escaped, as one
 * {@code resources/read} content in a plain JSON body, on the event loop (no thread hop). It checks
 * nothing (no session, no headers, no protocol version): a ceiling no MCP server can reach, not a
 * competitor.
 *
 * <p>Usage: {@code FloorServer --http PORT --text-file FILE}; prints the endpoint's URL once it
 * listens.
 */
public final class FloorServer {
    private FloorServer() {
    }

    public static void main(String[] args) throws Exception {
        ServerArgs options = ServerArgs.parse(args);
        if (options.stdio() || options.textFile() == null) {
            throw new IllegalArgumentException("the floor serves --http PORT --text-file FILE only");
        }
        ParentWatch.exitWithParent();
        Path file = options.textFile();
        String uri = file.toRealPath().toUri().toString();
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(NioIoHandler.newFactory());
        Channel server = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel channel) {
                        channel.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(1 << 20),
                                new Answers(file, uri));
                    }
                })
                .bind(new InetSocketAddress(ServerArgs.HOST, options.httpPort())).sync().channel();
        ServerArgs.announce(((InetSocketAddress) server.localAddress()).getPort());
        server.closeFuture().sync();
    }

    /** One per connection: stateless, so a shared instance would do as well; this keeps it plain. */
    private static final class Answers extends SimpleChannelInboundHandler<FullHttpRequest> {
        private final Path file;
        private final String uri;

        Answers(Path file, String uri) {
            this.file = file;
            this.uri = uri;
        }

        @Override
        protected void channelRead0(ChannelHandlerContext context, FullHttpRequest request) {
            String body = request.content().toString(StandardCharsets.UTF_8);
            String method = stringAfter(body, "\"method\":\"");
            FullHttpResponse response;
            if (method.startsWith("notifications/")) {
                response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.ACCEPTED);
            } else if (method.equals("initialize")) {
                response = json("{\"jsonrpc\":\"2.0\",\"id\":" + idOf(body) + ",\"result\":{\"protocolVersion\":"
                        + "\"2025-11-25\",\"capabilities\":{\"resources\":{}},\"serverInfo\":{\"name\":\"floor\","
                        + "\"version\":\"1\"}}}");
                response.headers().set("Mcp-Session-Id", UUID.randomUUID().toString());
            } else {
                response = json("{\"jsonrpc\":\"2.0\",\"id\":" + idOf(body) + ",\"result\":{\"contents\":[{\"uri\":\""
                        + uri + "\",\"mimeType\":\"text/plain\",\"text\":\"" + escaped(read()) + "\"}]}}");
            }
            HttpUtil.setContentLength(response, response.content().readableBytes());
            boolean keepAlive = HttpUtil.isKeepAlive(request);
            HttpUtil.setKeepAlive(response, keepAlive);
            var written = context.writeAndFlush(response);
            if (!keepAlive) {
                written.addListener(ChannelFutureListener.CLOSE);
            }
        }

        private String read() {
            try {
                return Files.readString(file);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        private static FullHttpResponse json(String text) {
            ByteBuf content = Unpooled.copiedBuffer(text, StandardCharsets.UTF_8);
            FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK, content);
            response.headers().set(HttpHeaderNames.CONTENT_TYPE, "application/json");
            return response;
        }

        /** The request's id as written (a number or a string with its quotes); {@code null} when absent. */
        private static String idOf(String body) {
            int at = body.indexOf("\"id\":");
            if (at < 0) {
                return "null";
            }
            int start = at + 5;
            int end = start;
            while (end < body.length() && body.charAt(end) != ',' && body.charAt(end) != '}') {
                end++;
            }
            return body.substring(start, end).trim();
        }

        private static String stringAfter(String body, String key) {
            int at = body.indexOf(key);
            if (at < 0) {
                return "";
            }
            int start = at + key.length();
            return body.substring(start, body.indexOf('"', start));
        }

        /** JSON string escaping: quotes, backslashes and control characters. */
        private static String escaped(String text) {
            StringBuilder out = new StringBuilder(text.length() + 16);
            for (int i = 0; i < text.length(); i++) {
                char c = text.charAt(i);
                switch (c) {
                    case '"' -> out.append("\\\"");
                    case '\\' -> out.append("\\\\");
                    case '\n' -> out.append("\\n");
                    case '\r' -> out.append("\\r");
                    case '\t' -> out.append("\\t");
                    default -> {
                        if (c < 0x20) {
                            out.append(String.format("\\u%04x", (int) c));
                        } else {
                            out.append(c);
                        }
                    }
                }
            }
            return out.toString();
        }
    }
}
