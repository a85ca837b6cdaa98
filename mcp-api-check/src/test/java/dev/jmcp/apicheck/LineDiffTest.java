package dev.jmcp.apicheck;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class LineDiffTest {

    @Test
    void equalReportsHaveNoDiff() {
        assertEquals(List.of(), LineDiff.of(List.of("a", "  b"), List.of("a", "  b")));
    }

    @Test
    void aChangedMemberIsShownUnderItsType() {
        List<String> before = List.of("package p", "public class p.A", "  public void a()", "  public void b()",
                "public class p.B", "  public void c()");
        List<String> after = List.of("package p", "public class p.A", "  public void a()", "  public int b()",
                "public class p.B", "  public void c()", "  public void d()");
        assertEquals(List.of("@@ public class p.A", "-   public void b()", "+   public int b()",
                "@@ public class p.B", "+   public void d()"), LineDiff.of(before, after));
    }

    @Test
    void aRemovedTypeIsShownWithoutAHeader() {
        assertEquals(List.of("- public class p.B"),
                LineDiff.of(List.of("package p", "public class p.A", "public class p.B"),
                        List.of("package p", "public class p.A")));
    }
}
