import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.*;
import org.apache.hadoop.hbase.client.*;

/** Throwaway: clone usertable as aa_b (same) and aa_c32 (32 KiB blocks), major-compact all three. */
public class Setup {
  public static void main(String[] args) throws Exception {
    Configuration conf = HBaseConfiguration.create();
    conf.addResource(new Path(args[0] + "/hbase-site.xml"));
    try (Connection conn = ConnectionFactory.createConnection(conf); Admin admin = conn.getAdmin()) {
      TableName src = TableName.valueOf("usertable");
      admin.flush(src);
      admin.snapshot("aa_snap", src);
      admin.cloneSnapshot("aa_snap", TableName.valueOf("aa_b"));
      admin.cloneSnapshot("aa_snap", TableName.valueOf("aa_c32"));
      admin.deleteSnapshot("aa_snap");
      TableName c = TableName.valueOf("aa_c32");
      TableDescriptor d = admin.getDescriptor(c);
      ColumnFamilyDescriptor f = d.getColumnFamilies()[0];
      admin.modifyColumnFamily(c, ColumnFamilyDescriptorBuilder.newBuilder(f).setBlocksize(32 * 1024).build());
      for (String t : new String[] {"usertable", "aa_b", "aa_c32"}) {
        admin.majorCompact(TableName.valueOf(t));
      }
      Thread.sleep(5000);
      for (String t : new String[] {"usertable", "aa_b", "aa_c32"}) {
        while (admin.getCompactionState(TableName.valueOf(t)) != CompactionState.NONE) {
          Thread.sleep(1000);
        }
        System.out.println(t + " compacted");
      }
    }
  }
}
