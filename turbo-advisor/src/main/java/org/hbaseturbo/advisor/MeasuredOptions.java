package org.hbaseturbo.advisor;

import java.util.List;

/**
 * An advisor's measurement as reports show it: the medians it decided by, and each measuring JVM's own figures
 * that they are the medians of.
 *
 * @param screening every option's medians over the screening JVMs
 * @param finals the finalists' medians over every JVM that measured them, which the choices come from
 * @param perJvm each JVM's figures: the screening's, the finalists, the run-off's
 */
public record MeasuredOptions(List<Trial> screening, List<Trial> finals, Measurement perJvm) {
  public static MeasuredOptions of(Measurement measurement) {
    return new MeasuredOptions(measurement.screening(), measurement.finals(), measurement);
  }
}
