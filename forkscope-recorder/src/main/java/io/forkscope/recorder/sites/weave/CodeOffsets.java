package io.forkscope.recorder.sites.weave;

import java.util.HashMap;
import java.util.Map;
import net.bytebuddy.jar.asm.ClassReader;

/**
 * The bytecode index of every instruction of every method, read from the class file itself: ASM's
 * visitor API does not say where in the original code an instruction was. A method's array is in
 * code order, so its k-th entry is the bci of the k-th instruction ASM visits (ASM's ClassReader
 * visits each instruction of a class file exactly once, in order, {@code wide} and
 * {@code goto_w} included).
 */
final class CodeOffsets {
    /** Instruction lengths by opcode; 0: variable (switches, wide) or undefined. */
    private static final byte[] LENGTH = new byte[256];

    static {
        java.util.Arrays.fill(LENGTH, 0, 0xca, (byte) 1);
        for (int op : new int[] {0x10, 0x12, 0x15, 0x16, 0x17, 0x18, 0x19, 0x36, 0x37, 0x38, 0x39, 0x3a, 0xa9, 0xbc}) {
            LENGTH[op] = 2;
        }
        for (int op : new int[] {0x11, 0x13, 0x14, 0x84, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6, 0xb7, 0xb8, 0xbb, 0xbd, 0xc0,
            0xc1, 0xc6, 0xc7}) {
            LENGTH[op] = 3;
        }
        for (int op = 0x99; op <= 0xa8; op++) {
            LENGTH[op] = 3; // if*, goto, jsr
        }
        LENGTH[0xb9] = 5; // invokeinterface
        LENGTH[0xba] = 5; // invokedynamic
        LENGTH[0xc5] = 4; // multianewarray
        LENGTH[0xc8] = 5; // goto_w
        LENGTH[0xc9] = 5; // jsr_w
        LENGTH[0xaa] = 0; // tableswitch
        LENGTH[0xab] = 0; // lookupswitch
        LENGTH[0xc4] = 0; // wide
    }

    /** One method's code: instruction offsets in order, and the code's length in bytes. */
    record Code(int[] offsets, int length) {
    }

    private CodeOffsets() {
    }

    /** @return name + descriptor of each method with code, to its instruction offsets */
    static Map<String, Code> of(ClassReader reader) {
        Map<String, Code> methods = new HashMap<>();
        char[] buf = new char[reader.getMaxStringLength()];
        int u = reader.header + 6;
        u += 2 + 2 * reader.readUnsignedShort(u); // interfaces
        int fields = reader.readUnsignedShort(u);
        u += 2;
        for (int i = 0; i < fields; i++) {
            u = skipMember(reader, u);
        }
        int count = reader.readUnsignedShort(u);
        u += 2;
        for (int i = 0; i < count; i++) {
            String name = reader.readUTF8(u + 2, buf);
            String desc = reader.readUTF8(u + 4, buf);
            int attributes = reader.readUnsignedShort(u + 6);
            u += 8;
            for (int a = 0; a < attributes; a++) {
                String attr = reader.readUTF8(u, buf);
                int len = reader.readInt(u + 2);
                if ("Code".equals(attr)) {
                    int codeLength = reader.readInt(u + 10);
                    methods.put(name + desc, new Code(decode(reader, u + 14, codeLength), codeLength));
                }
                u += 6 + len;
            }
        }
        return methods;
    }

    private static int skipMember(ClassReader reader, int u) {
        int attributes = reader.readUnsignedShort(u + 6);
        u += 8;
        for (int a = 0; a < attributes; a++) {
            u += 6 + reader.readInt(u + 2);
        }
        return u;
    }

    /** The start of each instruction in the {@code length} bytes of code at {@code start}. */
    static int[] decode(ClassReader reader, int start, int length) {
        int[] offsets = new int[Math.max(4, length / 2)];
        int n = 0;
        int pc = 0;
        while (pc < length) {
            if (n == offsets.length) {
                offsets = java.util.Arrays.copyOf(offsets, n * 2);
            }
            offsets[n++] = pc;
            int op = reader.readByte(start + pc);
            int len = LENGTH[op];
            if (len == 0) {
                len = variableLength(reader, start, pc, op);
            }
            pc += len;
        }
        if (pc != length) {
            throw new IllegalStateException("code does not end on an instruction boundary");
        }
        return java.util.Arrays.copyOf(offsets, n);
    }

    private static int variableLength(ClassReader reader, int start, int pc, int op) {
        switch (op) {
            case 0xc4: // wide: iinc has a 2-byte increment too
                return reader.readByte(start + pc + 1) == 0x84 ? 6 : 4;
            case 0xaa: { // tableswitch
                int p = pc + 1 + pad(pc);
                int low = reader.readInt(start + p + 4);
                int high = reader.readInt(start + p + 8);
                return p + 12 + 4 * (high - low + 1) - pc;
            }
            case 0xab: { // lookupswitch
                int p = pc + 1 + pad(pc);
                int pairs = reader.readInt(start + p + 4);
                return p + 8 + 8 * pairs - pc;
            }
            default:
                throw new IllegalStateException("undefined opcode " + op + " at " + pc);
        }
    }

    /** Switch operands start at a multiple of 4 from the code's start. */
    private static int pad(int pc) {
        return (4 - ((pc + 1) & 3)) & 3;
    }
}
