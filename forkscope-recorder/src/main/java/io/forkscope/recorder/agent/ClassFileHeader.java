package io.forkscope.recorder.agent;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * What a class file says of its own place in the type hierarchy: its internal name, its superclass
 * and its direct interfaces (internal names; {@code superName} is null only for java/lang/Object and
 * module-info). Read from the constant pool and the three fields after it, nothing else.
 * Loaded by the system loader before the boot jar's classes are defined: refers to the JDK only.
 */
record ClassFileHeader(String name, String superName, List<String> interfaces) {

    /**
     * Walks the constant pool by offsets and decodes only the names it returns: this runs once per
     * boot class before {@code main}, in the interpreter, so it must not build a string per entry.
     *
     * @throws IOException if {@code classFile} is not a class file this reader understands
     */
    static ClassFileHeader read(byte[] classFile) throws IOException {
        try {
            if (u4(classFile, 0) != 0xCAFEBABE) {
                throw new IOException("not a class file");
            }
            int count = u2(classFile, 8);
            int[] utf8Offset = new int[count];
            int[] classNameIndex = new int[count];
            int pos = 10;
            for (int i = 1; i < count; i++) {
                int tag = classFile[pos++] & 0xFF;
                switch (tag) {
                    case 1 -> {
                        utf8Offset[i] = pos;
                        pos += 2 + u2(classFile, pos);
                    }
                    case 7 -> {
                        classNameIndex[i] = u2(classFile, pos);
                        pos += 2;
                    }
                    case 8, 16, 19, 20 -> pos += 2;
                    case 15 -> pos += 3;
                    case 3, 4, 9, 10, 11, 12, 17, 18 -> pos += 4;
                    case 5, 6 -> {   // long and double take two slots
                        pos += 8;
                        i++;
                    }
                    default -> throw new IOException("unknown constant pool tag " + tag);
                }
            }
            pos += 2;   // access flags
            String name = className(classFile, utf8Offset, classNameIndex, u2(classFile, pos));
            int superIndex = u2(classFile, pos + 2);
            String superName = superIndex == 0 ? null : className(classFile, utf8Offset, classNameIndex, superIndex);
            int interfaceCount = u2(classFile, pos + 4);
            List<String> interfaces = new ArrayList<>(interfaceCount);
            for (int i = 0; i < interfaceCount; i++) {
                interfaces.add(className(classFile, utf8Offset, classNameIndex, u2(classFile, pos + 6 + 2 * i)));
            }
            return new ClassFileHeader(name, superName, List.copyOf(interfaces));
        } catch (ArrayIndexOutOfBoundsException e) {
            throw new IOException("truncated class file", e);
        }
    }

    private static String className(byte[] classFile, int[] utf8Offset, int[] classNameIndex, int index)
            throws IOException {
        int utf8 = index > 0 && index < classNameIndex.length ? classNameIndex[index] : 0;
        if (utf8 <= 0 || utf8 >= utf8Offset.length || utf8Offset[utf8] == 0) {
            throw new IOException("constant pool entry " + index + " is not a class");
        }
        int at = utf8Offset[utf8];
        return new DataInputStream(new ByteArrayInputStream(classFile, at, 2 + u2(classFile, at))).readUTF();
    }

    private static int u2(byte[] b, int at) {
        return (b[at] & 0xFF) << 8 | b[at + 1] & 0xFF;
    }

    private static int u4(byte[] b, int at) {
        return u2(b, at) << 16 | u2(b, at + 2);
    }

    /** The supertypes the loader must find when it defines this class: superclass, then interfaces. */
    List<String> supertypes() {
        List<String> all = new ArrayList<>(interfaces.size() + 1);
        if (superName != null) {
            all.add(superName);
        }
        all.addAll(interfaces);
        return all;
    }
}
