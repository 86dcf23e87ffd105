package org.hbaseturbo.wire.scan;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The columns a prepared scan names, each with its position: families in byte order, then qualifiers in
 * byte order, the order in which a region returns the cells of a row. Client and server derive it from the
 * same {@link Scan}, so the positions never travel. A family the scan reads whole has no listed columns:
 * its cells travel as extra columns named in each reply.
 */
public final class PreparedSchema {
  private final byte[][] families;
  private final byte[][] qualifiers;
  private final List<byte[]> wholeFamilies;
  private final boolean allFamilies;

  private PreparedSchema(List<byte[]> families, List<byte[]> qualifiers, List<byte[]> wholeFamilies,
      boolean allFamilies) {
    this.families = families.toArray(new byte[0][]);
    this.qualifiers = qualifiers.toArray(new byte[0][]);
    this.wholeFamilies = List.copyOf(wholeFamilies);
    this.allFamilies = allFamilies;
  }

  public static PreparedSchema of(Scan scan) {
    List<byte[]> families = new ArrayList<>();
    List<byte[]> qualifiers = new ArrayList<>();
    List<byte[]> wholeFamilies = new ArrayList<>();
    // Scan keeps its family map sorted by Bytes.BYTES_COMPARATOR, qualifiers too.
    for (Map.Entry<byte[], NavigableSet<byte[]>> family : scan.getFamilyMap().entrySet()) {
      if (family.getValue() == null || family.getValue().isEmpty()) {
        wholeFamilies.add(family.getKey());
        continue;
      }
      for (byte[] qualifier : family.getValue()) {
        families.add(family.getKey());
        qualifiers.add(qualifier);
      }
    }
    return new PreparedSchema(families, qualifiers, wholeFamilies, !scan.hasFamilies());
  }

  /** The bytes of every family and qualifier name the schema holds. */
  public long nameBytes() {
    long bytes = 0;
    for (int i = 0; i < families.length; i++) {
      bytes += families[i].length + qualifiers[i].length;
    }
    for (byte[] family : wholeFamilies) {
      bytes += family.length;
    }
    return bytes;
  }

  /** Listed columns; extra columns of a reply take the positions from here on. */
  public int size() {
    return families.length;
  }

  public byte[] family(int position) {
    return families[position];
  }

  public byte[] qualifier(int position) {
    return qualifiers[position];
  }

  /** The listed column's position, or -1. */
  public int positionOf(byte[] family, byte[] qualifier) {
    for (int i = 0; i < families.length; i++) {
      if (Bytes.equals(families[i], family) && Bytes.equals(qualifiers[i], qualifier)) {
        return i;
      }
    }
    return -1;
  }

  /** Whether the cell is of the listed column at {@code position}. */
  boolean isAt(Cell cell, int position) {
    return CellUtil.matchingColumn(cell, families[position], qualifiers[position]);
  }

  /**
   * The position of a cell's column, or -1 when it is not listed (a cell of a whole family). Starting at the
   * previous cell's position makes a row a single pass, because cells come in schema order.
   */
  int positionOf(Cell cell, int from) {
    for (int i = Math.max(from, 0); i < families.length; i++) {
      if (CellUtil.matchingColumn(cell, families[i], qualifiers[i])) {
        return i;
      }
    }
    for (int i = 0; i < Math.min(from, families.length); i++) {
      if (CellUtil.matchingColumn(cell, families[i], qualifiers[i])) {
        return i;
      }
    }
    return -1;
  }

  @Override
  public String toString() {
    List<String> names = new ArrayList<>();
    for (int i = 0; i < families.length; i++) {
      names.add(new Column(families[i], qualifiers[i]).toString());
    }
    wholeFamilies.forEach(family -> names.add(Bytes.toStringBinary(family) + ":*"));
    return allFamilies ? "[all families]" : names.toString();
  }
}
