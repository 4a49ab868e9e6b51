// The culture assessment (/assessment, /assessment/results). app/router.tsx loads its pages lazily by
// path. The user's result, which other features read, is shared/api's useGetMyAssessmentQuery.
export {};
