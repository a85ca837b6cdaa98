package dev.jmcp.interop.jvm

import io.ktor.client.HttpClient
import io.ktor.client.engine.cio.CIO
import io.ktor.client.plugins.sse.SSE
import io.modelcontextprotocol.kotlin.sdk.client.Client
import io.modelcontextprotocol.kotlin.sdk.client.StdioClientTransport
import io.modelcontextprotocol.kotlin.sdk.client.StreamableHttpClientTransport
import io.modelcontextprotocol.kotlin.sdk.shared.Transport
import io.modelcontextprotocol.kotlin.sdk.types.BlobResourceContents
import io.modelcontextprotocol.kotlin.sdk.types.Implementation
import io.modelcontextprotocol.kotlin.sdk.types.ListResourceTemplatesRequest
import io.modelcontextprotocol.kotlin.sdk.types.ListResourcesRequest
import io.modelcontextprotocol.kotlin.sdk.types.Method
import io.modelcontextprotocol.kotlin.sdk.types.PaginatedRequestParams
import io.modelcontextprotocol.kotlin.sdk.types.ReadResourceRequest
import io.modelcontextprotocol.kotlin.sdk.types.ReadResourceRequestParams
import io.modelcontextprotocol.kotlin.sdk.types.Resource
import io.modelcontextprotocol.kotlin.sdk.types.ResourceListChangedNotification
import io.modelcontextprotocol.kotlin.sdk.types.ResourceUpdatedNotification
import io.modelcontextprotocol.kotlin.sdk.types.SubscribeRequest
import io.modelcontextprotocol.kotlin.sdk.types.SubscribeRequestParams
import io.modelcontextprotocol.kotlin.sdk.types.TextResourceContents
import io.modelcontextprotocol.kotlin.sdk.types.UnsubscribeRequest
import io.modelcontextprotocol.kotlin.sdk.types.UnsubscribeRequestParams
import java.nio.file.Path
import java.util.Base64
import kotlin.time.Duration.Companion.seconds
import kotlinx.coroutines.CompletableDeferred
import kotlinx.coroutines.channels.Channel
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withTimeout
import kotlinx.io.asSink
import kotlinx.io.asSource
import kotlinx.io.buffered
import org.junit.jupiter.api.Assertions.assertArrayEquals
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Assertions.fail
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir

/**
 * The official Kotlin SDK's client (0.16.0), as it ships, against `jmcp serve`: over stdio (jmcp a
 * child process) and Streamable HTTP. Over HTTP it once heard no notification after its first error
 * answer (it takes only a result as the end of a POST's stream): the missing resource comes before
 * the subscriptions on purpose.
 */
class KotlinSdkClientTest {
    @Test
    fun overStdio(@TempDir dir: Path) {
        val root = SampleRoot.create(dir)
        JmcpServe.stdio(root).use { serve ->
            val process = serve.process()
            val transport = StdioClientTransport(process.inputStream.asSource().buffered(),
                    process.outputStream.asSink().buffered())
            exercise(root, transport, serve)
        }
    }

    @Test
    fun overStreamableHttp(@TempDir dir: Path) {
        val root = SampleRoot.create(dir)
        JmcpServe.http(root).use { serve ->
            val http = HttpClient(CIO) { install(SSE) }
            try {
                exercise(root, StreamableHttpClientTransport(http, serve.url()), serve)
            } finally {
                http.close()
            }
        }
    }

    private fun exercise(root: Path, transport: Transport, serve: JmcpServe) = runBlocking {
        val updated = Channel<String>(Channel.UNLIMITED)
        val listChanged = Channel<Unit>(Channel.UNLIMITED)
        val client = Client(Implementation(name = "kotlin-sdk-interop", version = "1"))
        client.setNotificationHandler<ResourceUpdatedNotification>(Method.Defined.NotificationsResourcesUpdated) {
            updated.trySend(it.params.uri)
            CompletableDeferred(Unit)
        }
        client.setNotificationHandler<ResourceListChangedNotification>(Method.Defined.NotificationsResourcesListChanged) {
            listChanged.trySend(Unit)
            CompletableDeferred(Unit)
        }
        withTimeout(60.seconds) {
            client.connect(transport)
            try {
                // every page: more files than one page holds
                val listed = mutableListOf<Resource>()
                var cursor: String? = null
                var pages = 0
                do {
                    val page = client.listResources(ListResourcesRequest(PaginatedRequestParams(cursor = cursor)))
                    listed += page.resources
                    cursor = page.nextCursor
                    pages++
                } while (cursor != null)
                val byName = listed.associateBy { it.name }
                assertTrue(byName.keys.containsAll(SampleRoot.FILES), "listed ${byName.keys}")
                assertTrue(pages > 1, "the listing came in pages")

                val templates = client.listResourceTemplates(ListResourceTemplatesRequest()).resourceTemplates
                // a served folder names its files, it templates none: the answer is an empty list
                assertEquals(emptyList<Any>(), templates)

                val textUri = byName.getValue(SampleRoot.NON_ASCII).uri
                val text = client.readResource(ReadResourceRequest(ReadResourceRequestParams(uri = textUri)))
                val textContents = text.contents.single() as TextResourceContents
                assertEquals(SampleRoot.NON_ASCII_TEXT, textContents.text)
                assertEquals(textUri, textContents.uri)

                val blobUri = byName.getValue(SampleRoot.BLOB).uri
                val blob = client.readResource(ReadResourceRequest(ReadResourceRequestParams(uri = blobUri)))
                val blobContents = blob.contents.single() as BlobResourceContents
                assertArrayEquals(SampleRoot.blob(), Base64.getDecoder().decode(blobContents.blob))

                val missing = root.resolve("missing.txt").toUri().toString()
                try {
                    client.readResource(ReadResourceRequest(ReadResourceRequestParams(uri = missing)))
                    fail<Unit>("a missing resource was read")
                } catch (e: Exception) {
                    assertTrue("32602" in e.toString() || "not found" in e.toString().lowercase(), e.toString())
                }

                val watched = byName.getValue(SampleRoot.WATCHED).uri
                client.subscribeResource(SubscribeRequest(SubscribeRequestParams(uri = watched)))
                SampleRoot.touch(root, SampleRoot.WATCHED, 1)
                assertEquals(watched, withTimeout(30.seconds) { updated.receive() }, "the update of the subscribed file")

                client.unsubscribeResource(UnsubscribeRequest(UnsubscribeRequestParams(uri = watched)))
                val other = byName.getValue(SampleRoot.OTHER).uri
                client.subscribeResource(SubscribeRequest(SubscribeRequestParams(uri = other)))
                while (updated.tryReceive().isSuccess) {
                    // an update of the first write that came late is not what this step checks
                }
                SampleRoot.touch(root, SampleRoot.WATCHED, 2)
                SampleRoot.touch(root, SampleRoot.OTHER, 2)
                // the barrier: the later change is heard, and nothing of the unsubscribed file came before it
                assertEquals(other, withTimeout(30.seconds) { updated.receive() }, "only the file still subscribed")

                while (listChanged.tryReceive().isSuccess) {
                    // list changes of the writes above
                }
                SampleRoot.add(root, "delta.txt")
                withTimeout(30.seconds) { listChanged.receive() }
            } catch (e: Throwable) {
                throw AssertionError("${e.message}\n--- jmcp serve said:\n${serve.log()}", e)
            } finally {
                client.close()
            }
        }
    }
}
