import { assessHealth as assessWith, type HealthAssessment, type HealthInputs, type HealthModel } from '../domain/user/health.js';
import { readResource } from './resource-files.js';

const model = readResource<HealthModel>('health/health-model.json');

/** The weights of the customer health score (`resources/health/health-model.json`). */
export const HEALTH_MODEL: Readonly<HealthModel> = model.data;
export const HEALTH_MODEL_VERSION = model.version;

/** A user's health now, with the service's health model. */
export const assessHealth = (inputs: HealthInputs, now: Date): HealthAssessment => assessWith(inputs, now, HEALTH_MODEL);
