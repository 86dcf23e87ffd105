import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.*;
import org.apache.hadoop.hbase.client.*;

/** Throwaway: clone usertable as aa_fd with FAST_DIFF data block encoding, and major-compact it. */
public class Setup2 {
  public static void main(String[] args) throws Exception {
    Configuration conf = HBaseConfiguration.create();
    conf.addResource(new Path(args[0] + "/hbase-site.xml"));
    try (Connection conn = ConnectionFactory.createConnection(conf); Admin admin = conn.getAdmin()) {
      TableName src = TableName.valueOf("usertable");
      admin.flush(src);
      try { admin.deleteSnapshot("aa_snap"); } catch (Exception e) { }
      admin.snapshot("aa_snap", src);
      admin.cloneSnapshot("aa_snap", TableName.valueOf("aa_fd"));
      admin.deleteSnapshot("aa_snap");
      TableName c = TableName.valueOf("aa_fd");
      TableDescriptor d = admin.getDescriptor(c);
      ColumnFamilyDescriptor f = d.getColumnFamilies()[0];
      admin.modifyColumnFamily(c, ColumnFamilyDescriptorBuilder.newBuilder(f).setDataBlockEncoding(org.apache.hadoop.hbase.io.encoding.DataBlockEncoding.FAST_DIFF).build());
      for (String t : new String[] {"aa_fd"}) {
        admin.majorCompact(TableName.valueOf(t));
      }
      Thread.sleep(5000);
      for (String t : new String[] {"aa_fd"}) {
        while (admin.getCompactionState(TableName.valueOf(t)) != CompactionState.NONE) {
          Thread.sleep(1000);
        }
        System.out.println(t + " compacted");
      }
    }
  }
}
