import { ShippingAddressDto } from '@store/contract/dto/shipping-address.dto';
import { SignupDto } from '@store/contract/dto/signup.dto';
import { dtoResolver, formMessage } from './dto-resolver';

const context = { shouldUseNativeValidation: false, fields: {} } as const;

describe('dtoResolver', () => {
  it("checks a form with the API's DTO and hands on the DTO's values (trimmed, e-mail in lower case)", async () => {
    const result = await dtoResolver(SignupDto)(
      { name: '  Sam Shopper ', email: ' Sam@Example.COM', password: 'correct horse' },
      undefined,
      context,
    );
    expect(result.errors).toEqual({});
    expect({ ...result.values }).toEqual({ name: 'Sam Shopper', email: 'sam@example.com', password: 'correct horse' });
  });

  it("reports each field's first failure with the server's message", async () => {
    const result = await dtoResolver(SignupDto)({ name: 'Al', email: 'not-an-email', password: 'x\u0007yyyyyyyy' }, undefined, context);
    expect(result.values).toEqual({});
    expect(Object.fromEntries(Object.entries(result.errors).map(([field, error]) => [field, error?.message]))).toEqual({
      name: 'Name must be 3 to 32 characters',
      email: 'Email must be a valid email address',
      password: 'Password must not contain control characters',
    });
  });

  it('drops a blank optional field and shows a nested field its message without the wire path', async () => {
    const address = { name: 'Ann', line1: '2 Quay Street', line2: '  ', city: 'Dublin', postalCode: 'D02 X285', country: 'IE', phone: '' };
    const ok = await dtoResolver(ShippingAddressDto)(address, undefined, context);
    expect(JSON.parse(JSON.stringify(ok.values))).toEqual({
      name: 'Ann',
      line1: '2 Quay Street',
      city: 'Dublin',
      postalCode: 'D02 X285',
      country: 'IE',
    });
    const bad = await dtoResolver(ShippingAddressDto)({ ...address, postalCode: '#' }, undefined, context);
    expect(bad.errors.postalCode?.message).toBe('Must be 2 to 12 letters, digits, spaces or hyphens');
  });
});

describe('formMessage', () => {
  it('drops a dotted wire path and capitalises the rest; a plain message is kept', () => {
    expect(formMessage('shippingAddress.city is required')).toBe('Is required');
    expect(formMessage('paymentInfo.shippingAddress.country must be one of US, CA')).toBe('Must be one of US, CA');
    expect(formMessage('Name must be 1 to 50 characters')).toBe('Name must be 1 to 50 characters');
  });
});
