/** The wire types of data-subject requests, straight from the server's schemas (no bundle cost). */
export type {
  DataSubjectErasure,
  DataSubjectFindings,
  DataSubjectQuery,
} from '../../../server/schemas/dataRequests';
