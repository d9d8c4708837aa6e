/** What a job's propagation is measured against: when it was entered, and the CDN whose caches it reaches. */
export interface JobTarget {
  jobId: number;
  enteredTime: number;
  deliveryServiceId: number;
  dsXmlId: string;
  dsTenantId: number;
  cdnId: number;
  cdnName: string;
}

export interface PropagationStore {
  jobTarget(jobId: number): Promise<JobTarget | null>;
}
