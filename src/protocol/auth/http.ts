/** One HTTP request and response of the sign-in flow, as plain data (recorded, held, edited). */
export interface AuthHttpRequest {
  method: string;
  url: string;
  headers: [string, string][];
  body?: string;
}

export interface AuthHttpResponse {
  status: number;
  headers: [string, string][];
  body: string;
}
