/** What a job's propagation is measured against: when it was entered, and the CDN whose caches it reaches. */
export interface JobTarget {
  jobId: number;
  enteredTime: number;
  deliveryServiceId: number;
  dsXmlId: string;
  dsTenantId: number;
  cdnId: number;
  cdnName: string;
  /** Set on a cancelled job's target (issue 33): the removal of its rule is measured from this time instead. */
  cancelledTime?: number;
}

export interface PropagationStore {
  jobTarget(jobId: number): Promise<JobTarget | null>;
  /** A cancelled job (DELETE jobs): what the removal of its rule from the caches is measured against. */
  cancelTarget(jobId: number): Promise<JobTarget | null>;
}
