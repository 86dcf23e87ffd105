package org.hbaseturbo.wire.codec;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.PrivateCellUtil;

/**
 * The encoder's side of a cellblock's column and family dictionaries: which (family, qualifier) pairs and families
 * it has sent, by the index the decoder gives them. Rows of one table usually list their columns in the same order,
 * so the entry after the last one found is tried first; on a miss, a short dictionary is searched entry by entry,
 * and a long one through a hash map, built when the dictionary outgrows {@link #SCANNED_ENTRIES}.
 */
final class ColumnDictionary {
  /** Up to this many entries a miss compares them one by one: cheaper than hashing the column, and no map. */
  private static final int SCANNED_ENTRIES = 16;

  private final List<ColumnKey> columns = new ArrayList<>();
  private Map<ColumnKey, Integer> indexes;
  private final List<byte[]> families = new ArrayList<>();
  private final ColumnKey probe = new ColumnKey(new byte[0], new byte[0]);
  private int last = -1;

  /** The column's entry, or -1 when the cellblock has not sent it yet. */
  int indexOf(Cell cell) {
    int next = last + 1;
    if (next < columns.size() && columns.get(next).matches(cell)) {
      return last = next;
    }
    if (last >= 0 && columns.get(last).matches(cell)) {
      return last;
    }
    if (indexes == null) {
      for (int i = 0; i < columns.size(); i++) {
        if (columns.get(i).matches(cell)) {
          return last = i;
        }
      }
      return -1;
    }
    probe.copyFrom(cell);
    Integer found = indexes.get(probe);
    if (found == null) {
      return -1;
    }
    return last = found;
  }

  /**
   * Adds the column as a new entry, and returns its family's entry, or -1 when the family is added too: when it is
   * new, or when {@code newFamily} asks. A cell sent in full adds its column and family again, found or not.
   */
  int add(Cell cell, boolean newFamily) {
    ColumnKey column = ColumnKey.of(cell);
    last = columns.size();
    columns.add(column);
    if (indexes != null) {
      indexes.put(column, last);
    } else if (columns.size() > SCANNED_ENTRIES) {
      indexes = new HashMap<>();
      for (int i = 0; i < columns.size(); i++) {
        indexes.put(columns.get(i), i);
      }
    }
    for (int i = 0; i < families.size() && !newFamily; i++) {
      if (CellUtil.matchingFamily(cell, families.get(i))) {
        return i;
      }
    }
    families.add(column.family);
    return -1;
  }

  /** A (family, qualifier) pair; as the probe, views the first bytes of arrays it reuses. */
  private static final class ColumnKey {
    private byte[] family;
    private int familyLength;
    private byte[] qualifier;
    private int qualifierLength;
    private int hash;

    private ColumnKey(byte[] family, byte[] qualifier) {
      this.family = family;
      this.qualifier = qualifier;
    }

    static ColumnKey of(Cell cell) {
      ColumnKey key = new ColumnKey(CellUtil.cloneFamily(cell), CellUtil.cloneQualifier(cell));
      key.familyLength = key.family.length;
      key.qualifierLength = key.qualifier.length;
      key.hash = key.computeHash();
      return key;
    }

    void copyFrom(Cell cell) {
      familyLength = cell.getFamilyLength();
      qualifierLength = cell.getQualifierLength();
      if (family.length < familyLength) {
        family = new byte[familyLength];
      }
      if (qualifier.length < qualifierLength) {
        qualifier = new byte[qualifierLength];
      }
      CellUtil.copyFamilyTo(cell, family, 0);
      CellUtil.copyQualifierTo(cell, qualifier, 0);
      hash = computeHash();
    }

    boolean matches(Cell cell) {
      return PrivateCellUtil.matchingFamily(cell, family, 0, familyLength)
          && PrivateCellUtil.matchingQualifier(cell, qualifier, 0, qualifierLength);
    }

    private int computeHash() {
      int result = 1;
      for (int i = 0; i < familyLength; i++) {
        result = 31 * result + family[i];
      }
      for (int i = 0; i < qualifierLength; i++) {
        result = 31 * result + qualifier[i];
      }
      return 31 * result + familyLength;
    }

    @Override
    public int hashCode() {
      return hash;
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof ColumnKey key
          && Arrays.equals(family, 0, familyLength, key.family, 0, key.familyLength)
          && Arrays.equals(qualifier, 0, qualifierLength, key.qualifier, 0, key.qualifierLength);
    }
  }
}
