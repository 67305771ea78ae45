/** Links into the web app, from PUBLIC_BASE_URL (no trailing slash). */
export const themeLink = (baseUrl: string, clusterId: string) => `${baseUrl}/app/themes/${encodeURIComponent(clusterId)}`;

export const userLink = (baseUrl: string, userId: string) => `${baseUrl}/app/users/${encodeURIComponent(userId)}`;
