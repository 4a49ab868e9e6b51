/** Every backend service, with the loopback port it takes in the embedded launcher. */
export const ServiceRegistry = {
  identity: { port: 4101 },
  assessment: { port: 4102 },
  matching: { port: 4103 },
  projects: { port: 4104 },
  portfolio: { port: 4105 },
  messaging: { port: 4106 },
  careers: { port: 4107 },
  admin: { port: 4108 },
  credentials: { port: 4109 },
} as const;

export type ServiceName = keyof typeof ServiceRegistry;

export const serviceNames = Object.keys(ServiceRegistry) as ServiceName[];
