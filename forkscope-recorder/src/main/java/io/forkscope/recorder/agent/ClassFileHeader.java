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

    /** @throws IOException if {@code classFile} is not a class file this reader understands */
    static ClassFileHeader read(byte[] classFile) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(classFile));
        if (in.readInt() != 0xCAFEBABE) {
            throw new IOException("not a class file");
        }
        in.readUnsignedShort();   // minor version
        in.readUnsignedShort();   // major version
        int count = in.readUnsignedShort();
        String[] utf8 = new String[count];
        int[] classNameIndex = new int[count];
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 1 -> utf8[i] = in.readUTF();
                case 7 -> classNameIndex[i] = in.readUnsignedShort();
                case 8, 16, 19, 20 -> in.skipNBytes(2);
                case 15 -> in.skipNBytes(3);
                case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipNBytes(4);
                case 5, 6 -> {   // long and double take two slots
                    in.skipNBytes(8);
                    i++;
                }
                default -> throw new IOException("unknown constant pool tag " + tag);
            }
        }
        in.readUnsignedShort();   // access flags
        String name = className(utf8, classNameIndex, in.readUnsignedShort());
        int superIndex = in.readUnsignedShort();
        String superName = superIndex == 0 ? null : className(utf8, classNameIndex, superIndex);
        int interfaceCount = in.readUnsignedShort();
        List<String> interfaces = new ArrayList<>(interfaceCount);
        for (int i = 0; i < interfaceCount; i++) {
            interfaces.add(className(utf8, classNameIndex, in.readUnsignedShort()));
        }
        return new ClassFileHeader(name, superName, List.copyOf(interfaces));
    }

    private static String className(String[] utf8, int[] classNameIndex, int index) throws IOException {
        if (index <= 0 || index >= classNameIndex.length || utf8[classNameIndex[index]] == null) {
            throw new IOException("constant pool entry " + index + " is not a class");
        }
        return utf8[classNameIndex[index]];
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
