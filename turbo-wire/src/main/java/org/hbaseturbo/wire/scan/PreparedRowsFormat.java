package org.hbaseturbo.wire.scan;

/**
 * The layout of the rows block of an execute reply: the paper's Figure 1 (row key once, cell count, schema
 * positions of the cells; cells reduced to timestamp, type and value), with the redundancy that is left
 * taken out as well, because on a schema of small values it is most of the bytes.
 *
 * <pre>
 * block  := row*                                   (the reply's row_count says how many)
 * row    := varint shared                          bytes shared with the previous row key of the block
 *           varint suffixLength, byte[suffixLength] the rest of the row key
 *           varint rowHeader                       cellCount &lt;&lt; 1 | DENSE
 *           DENSE:  zigzag varint64 delta          timestamp of every cell minus the previous cell's
 *                   varint valueLength             length of every value
 *                   byte[valueLength][cellCount]   the values of schema positions 0 .. cellCount-1
 *           else:   cell[cellCount]
 * cell   := varint header                          position &lt;&lt; 3 | NEW_TIMESTAMP | NOT_PUT | NEW_LENGTH
 *           [zigzag varint64 delta]                if NEW_TIMESTAMP: timestamp minus the previous cell's
 *           [byte type]                            if NOT_PUT: KeyValue.Type code
 *           [varint valueLength]                   if NEW_LENGTH: else the previous cell's value length
 *           byte[valueLength] value
 * </pre>
 *
 * A dense row is the regular row of a structured table: every prepared column, Puts of one timestamp and
 * values of one length; it costs three bytes besides its key and values. "Previous" runs across rows within
 * one block; a block starts from timestamp 0 and no length. Cells written
 * by one Put share a timestamp and values of a schema often share a length, so a cell of an irregular row
 * still costs one header byte besides its value. Positions index the prepared schema ({@link PreparedSchema}), then the
 * reply's extra columns (columns of whole-family scans the schema cannot list). Tags are not sent, as
 * HBase's own {@code KeyValueCodec} does not send them to clients.
 */
final class PreparedRowsFormat {
  static final int NEW_TIMESTAMP = 1;
  static final int NOT_PUT = 2;
  static final int NEW_LENGTH = 4;
  static final int POSITION_SHIFT = 3;
  static final int DENSE = 1;

  private PreparedRowsFormat() {
  }
}
