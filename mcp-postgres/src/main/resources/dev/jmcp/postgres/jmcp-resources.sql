-- jmcp's PostgreSQL resources: the table the provider serves (dev.jmcp.postgres.PostgresResourceProvider)
-- and the triggers that tell every replica of the server what changed (LISTEN/NOTIFY, read by
-- dev.jmcp.postgres.PostgresChangeEvents). Run it once per database, as the owner of the schema:
--     psql -d DB -f jmcp-resources.sql
-- Safe to run again. The names are the defaults of PostgresSettings (table jmcp_resources, channel
-- jmcp_changes, root URI pg://resources); to change one, change it here and in the settings alike.
--
-- A row is a resource whose path is parent/name: the top level has parent ''; 'docs/guides' holds
-- the rows whose parent is 'docs/guides'. Its URI is the root URI, then each segment of the path
-- percent-encoded as RFC 3986 path characters (pg://resources/docs/a%20b.txt). A collection is a row
-- with is_collection; each parent of a row must be a collection row for the row to be listed. A
-- leaf's body is text_body (UTF-8 text) or blob_body (bytes), or neither (empty). revision changes
-- on every write of the row (a sequence, so a row deleted and inserted again never repeats one): it
-- is the resource's version, which conditional reads compare.

CREATE SEQUENCE IF NOT EXISTS jmcp_resources_revision;

CREATE TABLE IF NOT EXISTS jmcp_resources (
    parent        text COLLATE "C" NOT NULL,
    name          text COLLATE "C" NOT NULL,
    is_collection boolean NOT NULL DEFAULT false,
    mime_type     text,
    text_body     text,
    blob_body     bytea,
    revision      bigint NOT NULL DEFAULT nextval('jmcp_resources_revision'),
    modified      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (parent, name),
    CONSTRAINT jmcp_resources_name_is_a_segment
        CHECK (name <> '' AND name <> '.' AND name <> '..' AND strpos(name, '/') = 0 AND strpos(name, E'\\') = 0),
    CONSTRAINT jmcp_resources_one_body CHECK (text_body IS NULL OR blob_body IS NULL),
    CONSTRAINT jmcp_resources_collections_have_no_body
        CHECK (NOT is_collection OR (text_body IS NULL AND blob_body IS NULL))
);

-- stored uncompressed out of line, so that a read of one chunk (substr) fetches only that chunk's
-- pages: a large body is streamed a chunk at a time and never held whole, by the database or by us
ALTER TABLE jmcp_resources ALTER COLUMN blob_body SET STORAGE EXTERNAL;
ALTER TABLE jmcp_resources ALTER COLUMN text_body SET STORAGE EXTERNAL;

-- one path segment as the provider spells it in a URI: RFC 3986 unreserved characters and
-- !$&'()*+,;=:@ as they are, every other UTF-8 byte as %XX (upper-case), as UriPaths.encodeSegment
CREATE OR REPLACE FUNCTION jmcp_encode_segment(segment text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT AS $$
    SELECT coalesce(string_agg(
        CASE WHEN b BETWEEN 48 AND 57 OR b BETWEEN 65 AND 90 OR b BETWEEN 97 AND 122
                  OR b IN (45, 46, 95, 126, 33, 36, 38, 39, 40, 41, 42, 43, 44, 59, 61, 58, 64)
             THEN chr(b) ELSE '%' || upper(lpad(to_hex(b), 2, '0')) END, '' ORDER BY i), '')
    FROM (SELECT i, get_byte(bytes, i) AS b
          FROM (SELECT convert_to(segment, 'UTF8') AS bytes) AS s,
               generate_series(0, octet_length(convert_to(segment, 'UTF8')) - 1) AS i) AS byte
$$;

-- the URI of the resource at parent/name ('' names the root collection)
CREATE OR REPLACE FUNCTION jmcp_resource_uri(root text, parent text, name text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT AS $$
    SELECT root || coalesce((SELECT string_agg('/' || jmcp_encode_segment(segment), '' ORDER BY n)
                             FROM unnest(string_to_array(nullif(parent, ''), '/')) WITH ORDINALITY AS p(segment, n)), '')
                || CASE WHEN name = '' THEN '' ELSE '/' || jmcp_encode_segment(name) END
$$;

-- every write of a row gives it a new revision and time
CREATE OR REPLACE FUNCTION jmcp_resources_touch() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    NEW.revision := nextval('jmcp_resources_revision');
    NEW.modified := now();
    RETURN NEW;
END
$$;

-- tells the channel (TG_ARGV[0]) what changed, as URIs under the root (TG_ARGV[1]):
-- "jmcp1 U - - URI" for a changed resource (a collection changes when a child comes or goes),
-- "jmcp1 L - - URI" for a collection whose children changed, and "jmcp1 L - -" (any listing) when
-- a URI would not fit in NOTIFY's 8000 bytes
CREATE OR REPLACE FUNCTION jmcp_resources_notify() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    channel text := TG_ARGV[0];
    root text := TG_ARGV[1];
    messages text[] := '{}';
    message text;
BEGIN
    IF TG_OP = 'INSERT' THEN
        messages := ARRAY['U - - ' || jmcp_resource_uri(root, NEW.parent, ''),
                          'L - - ' || jmcp_resource_uri(root, NEW.parent, '')];
    ELSIF TG_OP = 'DELETE' THEN
        messages := ARRAY['U - - ' || jmcp_resource_uri(root, OLD.parent, OLD.name),
                          'U - - ' || jmcp_resource_uri(root, OLD.parent, ''),
                          'L - - ' || jmcp_resource_uri(root, OLD.parent, '')];
    ELSE
        messages := ARRAY['U - - ' || jmcp_resource_uri(root, NEW.parent, NEW.name)];
        IF NEW.parent <> OLD.parent OR NEW.name <> OLD.name THEN
            messages := messages || ARRAY['U - - ' || jmcp_resource_uri(root, OLD.parent, OLD.name),
                                          'L - - ' || jmcp_resource_uri(root, OLD.parent, ''),
                                          'L - - ' || jmcp_resource_uri(root, NEW.parent, '')];
        END IF;
    END IF;
    FOREACH message IN ARRAY messages LOOP
        IF octet_length(message) > 7900 THEN
            message := 'L - -';
        END IF;
        PERFORM pg_notify(channel, 'jmcp1 ' || message);
    END LOOP;
    RETURN NULL;
END
$$;

DROP TRIGGER IF EXISTS jmcp_resources_touch ON jmcp_resources;
CREATE TRIGGER jmcp_resources_touch BEFORE UPDATE ON jmcp_resources
    FOR EACH ROW EXECUTE FUNCTION jmcp_resources_touch();

DROP TRIGGER IF EXISTS jmcp_resources_notify ON jmcp_resources;
CREATE TRIGGER jmcp_resources_notify AFTER INSERT OR UPDATE OR DELETE ON jmcp_resources
    FOR EACH ROW EXECUTE FUNCTION jmcp_resources_notify('jmcp_changes', 'pg://resources');
