package org.hbaseturbo.docs;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.util.HashSet;
import java.util.Set;

/**
 * The string constants of a compiled class: every {@code CONSTANT_String} of its constant pool (JVMS 4.4), which
 * holds each string literal of the source, compile-time constant concatenations folded in ({@code PREFIX + "workers"}
 * is one constant), and the recipes of the other concatenations.
 */
final class ClassFileStrings {
  private static final int MAGIC = 0xCAFEBABE;

  private ClassFileStrings() {
  }

  static Set<String> of(byte[] classFile) throws IOException {
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(classFile));
    if (in.readInt() != MAGIC) {
      throw new IOException("not a class file");
    }
    in.readUnsignedShort(); // minor version
    in.readUnsignedShort(); // major version
    int count = in.readUnsignedShort();
    String[] utf8 = new String[count];
    Set<Integer> stringIndexes = new HashSet<>();
    for (int i = 1; i < count; i++) {
      int tag = in.readUnsignedByte();
      switch (tag) {
        case 1 -> utf8[i] = in.readUTF(); // Utf8: the class file's modified UTF-8 is DataInput's
        case 8 -> stringIndexes.add(in.readUnsignedShort()); // String: the index of its Utf8
        case 7, 16, 19, 20 -> in.skipNBytes(2); // Class, MethodType, Module, Package
        case 15 -> in.skipNBytes(3); // MethodHandle
        case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipNBytes(4); // Integer, Float, refs, NameAndType, (Invoke)Dynamic
        case 5, 6 -> { // Long and Double take two entries
          in.skipNBytes(8);
          i++;
        }
        default -> throw new IOException("unknown constant pool tag " + tag + " at entry " + i);
      }
    }
    Set<String> strings = new HashSet<>();
    for (int index : stringIndexes) {
      strings.add(utf8[index]);
    }
    return strings;
  }
}
